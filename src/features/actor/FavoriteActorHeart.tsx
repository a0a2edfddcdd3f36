/**
 * The heart that adds the actor to the signed-in person's favourites or takes them out; it
 * changes once the backend took the change. The profile's 'Избранные актёры' tab lists them.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import HeartIcon from '../../ui/HeartIcon.tsx';
import { useTask } from '../../ui/use-task.ts';
import { $actorFavorite, actorFavoriteToggle, loadActorFavorite } from './store.ts';

export default function FavoriteActorHeart({ actorId, name }: { actorId: number; name: string }) {
  const { status, id } = useStore($actorFavorite);
  const { pending: busy, error, run: toggle } = useTask(actorFavoriteToggle);

  useEffect(() => { void loadActorFavorite(actorId); }, [actorId]);

  if (status === 'error') {
    return (
      <p className="favorite-actor__error" role="alert">
        Не удалось узнать, в избранном ли актёр. <button type="button" className="list-status__retry" onClick={() => void loadActorFavorite(actorId)}>Повторить</button>
      </p>
    );
  }
  const on = id !== null;
  return (
    <div className="favorite-actor">
      <button
        type="button"
        className={`favorite-actor__heart${on ? ' favorite-actor__heart--on' : ''}`}
        aria-pressed={on}
        aria-label={`${on ? 'В избранном' : 'В избранное'}: ${name}`}
        disabled={status !== 'ready' || busy}
        onClick={() => void toggle(actorId)}
      >
        <HeartIcon />
        {on ? 'В избранном' : 'В избранное'}
      </button>
      {error && <p className="favorite-actor__error" role="alert">{error}</p>}
    </div>
  );
}
