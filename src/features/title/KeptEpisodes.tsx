/**
 * Episodes kept for subscribers in a Premium or Premium+ person's player: listed under the
 * episodes with a mark, and played in the same player. Everyone else sees them locked in the
 * page's own list (components/title/KeptEpisodes.astro). Loaded with the player's signed-in parts.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Episode, PlayerModel } from './player.ts';
import { $keptEpisodes, loadKeptEpisodes } from './signed-in-store.ts';
import { $isPremium, loadMe } from '../account/index.ts';

interface Props {
  titleId: number;
  model: PlayerModel;
  current: Episode | null;
  open: (episode: Episode) => void;
}

export default function KeptEpisodes({ titleId, model, current, open }: Props) {
  const premium = useStore($isPremium);
  const episodes = useStore($keptEpisodes);
  const any = model.kept.length > 0;

  useEffect(() => { if (any) void loadMe(); }, [any]);
  useEffect(() => {
    if (premium && any) loadKeptEpisodes(titleId, model.kept).catch((err: unknown) => console.error(err));
  }, [premium, any, titleId, model]);

  if (!premium || episodes.length === 0) return null;
  const playing = episodes.some((e) => e.id === current?.id);
  return (
    <div className="player__kept">
      <p className="player__kept-heading">
        Серии для подписчиков <span className="player__kept-mark">Премиум</span>
        {playing && <span className="player__kept-now" role="status"> · сейчас идёт серия для подписчиков</span>}
      </p>
      <ul className="player__episodes">
        {episodes.map((e) => (
          <li key={e.id}>
            <button type="button" aria-current={current?.id === e.id} className="player__episode player__episode--kept" onClick={() => open(e)}>
              {e.name}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
