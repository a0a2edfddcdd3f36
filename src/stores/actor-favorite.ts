/**
 * Whether the open actor is among the signed-in person's favourites, and toggling it.
 * The state changes only once the backend took the change.
 */
import { reasonOf } from '../lib/directus/request-error.ts';
import { atom } from 'nanostores';
import { addFavoriteActor, readActorFavorite, removeFavoriteActor } from '../lib/directus/marks.ts';

export interface ActorFavoriteState {
  status: 'loading' | 'ready' | 'error';
  /** The favourite row, null when the actor is not a favourite. */
  id: number | null;
  busy: boolean;
  error: string | null;
}

export const $actorFavorite = atom<ActorFavoriteState>({ status: 'loading', id: null, busy: false, error: null });

const update = (change: Partial<ActorFavoriteState>) => $actorFavorite.set({ ...$actorFavorite.get(), ...change });

export async function loadActorFavorite(actorId: number): Promise<void> {
  update({ status: 'loading', error: null });
  try {
    update({ status: 'ready', id: await readActorFavorite(actorId) });
  } catch (err) {
    console.error(err);
    update({ status: 'error' });
  }
}

export async function toggleActorFavorite(actorId: number): Promise<void> {
  const { id, busy, status } = $actorFavorite.get();
  if (busy || status !== 'ready') return;
  update({ busy: true, error: null });
  try {
    if (id === null) update({ id: await addFavoriteActor(actorId), busy: false });
    else {
      await removeFavoriteActor(id);
      update({ id: null, busy: false });
    }
  } catch (err) {
    console.error(err);
    update({ busy: false, error: reasonOf(err, 'Не удалось изменить избранное') });
  }
}
