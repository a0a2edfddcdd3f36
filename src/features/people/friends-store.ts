/**
 * The signed-in person's friends and requests, sent and received: loaded once per page (again
 * after each change), and the actions that change them: ask, accept, decline, cancel, remove.
 * Each action reads the list again whether it worked or not, so a request the other person
 * answered meanwhile shows as it now is. Signed-in screens only.
 */
import { atom, computed } from 'nanostores';
import { circleOf } from '../../lib/friends.ts';
import { taskPerKey } from '../../ui/task.ts';
import { $me } from '../account/index.ts';
import type { FriendshipRow } from './directus.ts';
import { acceptFriendship, askFriendship, endFriendship, readOwnFriendships } from './friends-directus.ts';
import { refreshPersonFriends } from './store.ts';

export type OwnFriendshipsState = { status: 'idle' | 'loading' | 'error' | 'ready'; rows: FriendshipRow[] };

export const $ownFriendships = atom<OwnFriendshipsState>({ status: 'idle', rows: [] });

/** Friends, requests to answer and requests sent, once both the list and the person are known. */
export const $circle = computed([$ownFriendships, $me], (state, me) => (me ? circleOf(state.rows, me.id) : null));

let loading: Promise<void> | null = null;

/** Loads the list once (again with `force`); a failure keeps what was shown before, or says so. */
export function loadOwnFriendships(o: { force?: boolean } = {}): Promise<void> {
  if (loading && !o.force) return loading;
  const current = $ownFriendships.get();
  if (current.status !== 'ready') $ownFriendships.set({ status: 'loading', rows: current.rows });
  loading = readOwnFriendships()
    .then((rows) => $ownFriendships.set({ status: 'ready', rows }))
    .catch((err: unknown) => {
      console.error(err);
      if ($ownFriendships.get().status !== 'ready') $ownFriendships.set({ status: 'error', rows: [] });
    });
  return loading;
}

/** A change, then the lists read again (one's own and the open profile's), whether it worked or not. */
async function changed(write: Promise<void>): Promise<void> {
  const reload = () => Promise.all([loadOwnFriendships({ force: true }), refreshPersonFriends()]);
  await write.catch(async (err: unknown) => {
    await reload();
    throw err;
  });
  await reload();
}

/** A request to the person (keyed by their id). */
export const asking = taskPerKey((personId: string) => changed(askFriendship(personId)), 'Не удалось отправить заявку. Попробуйте ещё раз.');
/** Answers to a request, and taking one's own back (keyed by the friendship's id). */
export const accepting = taskPerKey((friendship: number) => changed(acceptFriendship(friendship)), 'Не удалось принять заявку. Попробуйте ещё раз.');
export const declining = taskPerKey((friendship: number) => changed(endFriendship(friendship)), 'Не удалось отклонить заявку. Попробуйте ещё раз.');
export const cancelling = taskPerKey((friendship: number) => changed(endFriendship(friendship)), 'Не удалось отменить заявку. Попробуйте ещё раз.');

/** Removes a friend; the confirm dialog shows a failure, so it is thrown. */
export function removeFriend(friendship: number): Promise<void> {
  return changed(endFriendship(friendship));
}
