/**
 * Whether the open actor is among the signed-in person's favourites, and toggling it (a task: its
 * pending state and the message of its failure). The state changes only once the backend took
 * the change.
 */
import { atom } from 'nanostores';
import { task } from '../../ui/task.ts';
import { addFavoriteActor, readActorFavorite, removeFavoriteActor } from './directus.ts';

export interface ActorFavoriteState {
  status: 'loading' | 'ready' | 'error';
  /** The favourite row, null when the actor is not a favourite. */
  id: number | null;
}

export const $actorFavorite = atom<ActorFavoriteState>({ status: 'loading', id: null });

const update = (change: Partial<ActorFavoriteState>) => $actorFavorite.set({ ...$actorFavorite.get(), ...change });

export async function loadActorFavorite(actorId: number): Promise<void> {
  update({ status: 'loading' });
  actorFavoriteToggle.dismiss();
  try {
    update({ status: 'ready', id: await readActorFavorite(actorId) });
  } catch (err) {
    console.error(err);
    update({ status: 'error' });
  }
}

/** Adds the actor to the favourites, or takes them out; nothing until the state is known. */
export const actorFavoriteToggle = task(async (actorId: number) => {
  const { id, status } = $actorFavorite.get();
  if (status !== 'ready') return;
  if (id === null) update({ id: await addFavoriteActor(actorId) });
  else {
    await removeFavoriteActor(id);
    update({ id: null });
  }
}, 'Не удалось изменить избранное');
