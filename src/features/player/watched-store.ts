/**
 * The episodes of the open title the viewer has watched. A visitor's are kept in the browser (every
 * tab follows); a signed-in person's in the account, through the remote the signed-in part plugs in
 * (`keepWatchedIn`), which is also offered what the browser kept before they signed in; their other
 * tabs and devices are followed by `watchedChangedElsewhere` (watched-live.ts).
 */
import { atom, onMount } from 'nanostores';
import { task } from '../../ui/task.ts';
import { readItem, removeItem, writeItem } from '../../lib/storage.ts';

const KEY = 'watched-episodes';

/** What the account keeps; the browser's copy is used without one. */
export interface WatchedRemote {
  read(titleId: number): Promise<number[]>;
  set(episode: number, watched: boolean): Promise<void>;
  /** Takes the browser's marks (of any titles) into the account. */
  take(episodes: number[]): Promise<void>;
}

type Kept = Record<string, number[]>;

function readKept(): Kept {
  try {
    const v: unknown = JSON.parse(readItem(KEY) ?? '{}');
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).map(([k, ids]) => [k, Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : []]));
  } catch {
    return {};
  }
}

export const $watched = atom<ReadonlySet<number>>(new Set());
let titleOf: number | null = null;
let remote: WatchedRemote | null = null;

const show = (ids: Iterable<number>) => $watched.set(new Set(ids));

const loading = task(async (titleId: number) => {
  titleOf = titleId;
  show(remote ? await remote.read(titleId) : readKept()[titleId] ?? []);
}, 'Не удалось загрузить просмотренные серии');
export const $watchedLoad = loading.$state;

/** Reads the title's watched episodes (again after a failure: `retryWatched`). */
export const loadWatched = (titleId: number) => loading.run(titleId);
export const retryWatched = () => loading.retry();

const marking = task(async (episode: number, watched: boolean) => {
  const before = $watched.get();
  const after = new Set(before);
  if (watched) after.add(episode);
  else after.delete(episode);
  $watched.set(after);
  try {
    if (remote) await remote.set(episode, watched);
    else if (titleOf !== null) writeItem(KEY, JSON.stringify({ ...readKept(), [titleOf]: [...after] }));
  } catch (err) {
    $watched.set(before);
    throw err;
  }
}, 'Не удалось сохранить отметку');
export const $watchedMark = marking.$state;

/** Marks an episode watched or not (by the player at its point, or by hand). */
export function markWatched(episode: number, watched: boolean): Promise<boolean> {
  if ($watched.get().has(episode) === watched) return Promise.resolve(true);
  return marking.run(episode, watched);
}

/**
 * From now on the account keeps the marks; the browser's go to it first. Should they fail to go,
 * the account keeps the marks all the same, and the browser's wait for the next page.
 */
export async function keepWatchedIn(account: WatchedRemote): Promise<void> {
  const kept = Object.values(readKept()).flat();
  if (kept.length) await account.take(kept).then(() => removeItem(KEY), (err: unknown) => console.error(err));
  remote = account;
  if (titleOf !== null) await loading.run(titleOf);
}

/** Whether a re-read is waiting for the one under way: news while one waits needs no other. */
let rereadWaiting = false;
let rereads = Promise.resolve();

/**
 * The account's marks changed elsewhere (another tab or device; of `title`, or of any when not
 * said): the open title's are read again, quietly, behind any read under way (which may have
 * started before the change). A result that lands while this page's own mark is being saved is
 * dropped: that mark's own news reads them again once it is stored.
 */
export function watchedChangedElsewhere(title?: number): void {
  if (!remote || titleOf === null || (title !== undefined && title !== titleOf) || rereadWaiting) return;
  rereadWaiting = true;
  rereads = rereads.then(async () => {
    rereadWaiting = false;
    const of = titleOf;
    if (!remote || of === null) return;
    const ids = await remote.read(of);
    if (titleOf === of && !marking.$state.get().pending) show(ids);
  }).catch((err: unknown) => console.warn('watched episodes:', err));
}

onMount($watched, () => {
  // Islands are rendered at build time too, where there is no window.
  if (typeof window === 'undefined') return undefined;
  const follow = (e: StorageEvent) => {
    if (e.key === KEY && !remote && titleOf !== null) show(readKept()[titleOf] ?? []);
  };
  window.addEventListener('storage', follow);
  return () => window.removeEventListener('storage', follow);
});
