/**
 * The player: a single item, or seasons of episodes with a search in the episode list.
 * 570 px high for series, 500 px for a single item, on screens wide enough
 * for that; narrower, a 16:9 box the width of the screen (player.css). A signed-in person's
 * parts (where they stopped, and for subscribers the episodes kept for them) come with the title
 * page's signed-in parts; visitors never download them.
 */
import { useMemo, useState, type CSSProperties } from 'react';
import { findEpisodes } from './episode-search.ts';
import type { Episode, PlayerModel } from './player.ts';
import { useFilledBeforeHydration } from '../../ui/use-filled-before-hydration.ts';
import { signedInPart, useSignedIn } from './signed-in.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import './player.css';

const PlayerParts = signedInPart('PlayerParts');

function Screen({ episode, title, onVideo }: { episode: Episode | null; title: string; onVideo: (v: HTMLVideoElement | null) => void }) {
  if (!episode) return <div className="player__empty">Видео скоро появится</div>;
  // Keyed by episode: every episode starts on a fresh element, even when two share a file. A lazy
  // frame in the hidden 'Серии' tab loads once the tab is shown, not with the page.
  return episode.kind === 'video'
    ? <video key={episode.id} ref={onVideo} className="player__screen" src={episode.src} controls preload="metadata" aria-label={`${title}: ${episode.name}`} />
    : <iframe key={episode.id} className="player__screen" src={episode.src} loading="lazy" title={`${title}: ${episode.name}`} allow="autoplay; fullscreen" allowFullScreen />;
}

export default function Player({ model, title, titleId }: { model: PlayerModel; title: string; titleId: number }) {
  const [seasonIndex, setSeasonIndex] = useState(0);
  const season = model.seasons[seasonIndex];
  const [current, setCurrent] = useState<Episode | null>(model.single ?? model.seasons[0]?.episodes[0] ?? null);
  const [query, setQuery] = useState('');
  const searchRef = useFilledBeforeHydration<HTMLInputElement>((_, typed) => setQuery(String(typed)));
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const signedIn = useSignedIn();
  const shown = useMemo(() => (season ? findEpisodes(season.episodes, query) : []), [season, query]);

  const open = (e: Episode) => {
    setSeasonIndex(Math.max(0, model.seasons.findIndex((s) => s.episodes.includes(e))));
    setCurrent(e);
    setQuery('');
  };

  return (
    // Focusable, so «Смотреть» can take the focus to it (title-tabs.ts).
    <div className="player" id="player" tabIndex={-1} style={{ '--player-height': model.height } as CSSProperties}>
      {signedIn && <LazyPart fallback={null}><PlayerParts titleId={titleId} model={model} current={current} video={video} open={open} /></LazyPart>}
      <Screen episode={current} title={title} onVideo={setVideo} />
      {model.kind === 'series' && (
        <div className="player__series">
          {model.seasons.length > 1 && (
            <div className="player__seasons" role="tablist" aria-label="Сезоны">
              {model.seasons.map((s, i) => (
                <button key={s.id} type="button" role="tab" aria-selected={i === seasonIndex} className="player__season"
                  onClick={() => { setSeasonIndex(i); setQuery(''); }}>
                  {s.name || `${i + 1} сезон`}
                </button>
              ))}
            </div>
          )}
          <label className="player__search">
            <span className="visually-hidden">Поиск серии</span>
            <input ref={searchRef} type="search" placeholder="Поиск серии" value={query} onChange={(e) => setQuery(e.target.value)} />
          </label>
          <ul className="player__episodes">
            {shown.map((e) => (
              <li key={e.id}>
                <button type="button" aria-current={current?.id === e.id} className="player__episode" onClick={() => setCurrent(e)}>
                  {e.name}
                </button>
              </li>
            ))}
            {shown.length === 0 && <li className="player__none">Серии не найдены</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
