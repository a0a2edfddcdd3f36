/**
 * The player: a single item, or seasons of episodes with a search in the episode list. 570 px high
 * for series, 500 px for a single item, on screens wide enough for that; narrower, a 16:9 box the
 * width of the screen (player.css). The screen is the player feature's (skip, next episode, keys);
 * the list says which episodes were watched, and the current one is marked by hand here. A
 * signed-in person's parts (where they stopped, the account's marks and settings, and for
 * subscribers the episodes kept for them) come with the title page's signed-in parts.
 */
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { useEpisodeSearch } from './episode-search-loader.ts';
import type { Episode, PlayerModel, SavedProgress } from './player.ts';
import { useFilledBeforeHydration } from '../../ui/use-filled-before-hydration.ts';
import { signedInPart, useSignedIn } from './signed-in.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import {
  $watched, $watchedLoad, $watchedMark, episodeAfter, episodeBefore, episodeStateWords, episodeState, loadWatched, markWatched,
  PlayerScreen, retryWatched, watchedSummary, type PlayerMedia, type Suggestion,
} from '../player/index.ts';
import './player.css';

const PlayerParts = signedInPart('PlayerParts');

interface Props {
  model: PlayerModel;
  title: string;
  titleId: number;
  /** 'Вам может понравиться', offered after the last episode. */
  suggestions?: Suggestion[];
}

export default function Player({ model, title, titleId, suggestions = [] }: Props) {
  const [seasonIndex, setSeasonIndex] = useState(0);
  const season = model.seasons[seasonIndex];
  const [current, setCurrent] = useState<Episode | null>(model.single ?? model.seasons[0]?.episodes[0] ?? null);
  const [query, setQuery] = useState('');
  const searchRef = useFilledBeforeHydration<HTMLInputElement>((_, typed) => setQuery(String(typed)));
  const [media, setMedia] = useState<PlayerMedia | null>(null);
  // Where a signed-in person stopped, once their part has read it: the list says how far that episode is.
  const [saved, setSaved] = useState<SavedProgress | null>(null);
  const signedIn = useSignedIn();
  const watched = useStore($watched);
  const load = useStore($watchedLoad);
  const marking = useStore($watchedMark);
  const search = useEpisodeSearch(query.trim() !== '');
  // Until the search's code is here, the whole season shows.
  const shown = useMemo(() => (!season ? [] : search.find ? search.find(season.episodes, query) : season.episodes), [season, query, search.find]);
  const allIds = useMemo(() => model.seasons.flatMap((s) => s.episodes.map((e) => e.id)), [model]);

  useEffect(() => { void loadWatched(titleId); }, [titleId]);

  const open = useCallback((e: Episode) => {
    setSeasonIndex(Math.max(0, model.seasons.findIndex((s) => s.episodes.some((x) => x.id === e.id))));
    setCurrent(e);
    setQuery('');
  }, [model]);

  const after = current && model.kind === 'series' ? episodeAfter(model, current.id) : null;
  const before = current && model.kind === 'series' ? episodeBefore(model, current.id) : null;
  const next = useMemo(() => (after ? { name: nameOf(model, after), go: () => open(after.episode) } : null), [after, model, open]);

  return (
    // Focusable, so «Смотреть» can take the focus to it (title-tabs.ts).
    <div className="player" id="player" tabIndex={-1} style={{ '--player-height': model.height } as CSSProperties}>
      {signedIn && <LazyPart fallback={null}><PlayerParts titleId={titleId} model={model} current={current} media={media} open={open} onSaved={setSaved} /></LazyPart>}
      {current
        ? <PlayerScreen episode={current} title={title} next={next} previous={before ? () => open(before.episode) : null} suggestions={suggestions} onMedia={setMedia} />
        : <div className="player__empty">Видео скоро появится</div>}
      {current && (
        <div className="player__marks">
          {model.kind === 'series' && allIds.length > 0 && load.error === null && <span className="player__summary">{watchedSummary(allIds, watched)}</span>}
          {load.error && (
            <span className="player__marks-error" role="alert">
              {load.error}{' '}<button type="button" className="list-status__retry" onClick={() => void retryWatched()}>Повторить</button>
            </span>
          )}
          <button type="button" className="player__mark" aria-pressed={watched.has(current.id)} disabled={marking.pending}
            onClick={() => void markWatched(current.id, !watched.has(current.id))}>
            {watched.has(current.id) ? 'Снять отметку' : 'Отметить просмотренной'}
          </button>
          {marking.error && <span className="player__marks-error" role="alert">{marking.error}</span>}
        </div>
      )}
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
            {shown.map((e) => {
              const state = episodeState(e.id, watched, saved);
              return (
                <li key={e.id}>
                  <button type="button" aria-current={current?.id === e.id} className={`player__episode player__episode--${state.is}`}
                    aria-describedby={`episode-state-${e.id}`} onClick={() => setCurrent(e)}>
                    {e.name}
                    {state.is === 'watched' && <span className="player__episode-check" aria-hidden="true"> ✓</span>}
                  </button>
                  <span id={`episode-state-${e.id}`} className="visually-hidden">{episodeStateWords(state)}</span>
                </li>
              );
            })}
            {search.failed && query.trim() && <li className="player__none" role="alert">Поиск серий не загрузился. Обновите страницу</li>}
            {shown.length === 0 && <li className="player__none">Серии не найдены</li>}
          </ul>
        </div>
      )}
    </div>
  );
}

/** The next episode's name as the card says it: with its season's name when the title has several. */
function nameOf(model: PlayerModel, p: { episode: Episode; seasonIndex: number }): string {
  const season = model.seasons.length > 1 ? model.seasons[p.seasonIndex]?.name : '';
  return [season, p.episode.name].filter(Boolean).join(' · ');
}
