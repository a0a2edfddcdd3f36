/**
 * The account's store: the signed-in person (`$me`), their profile with name colour, frame and
 * wallpaper, role and plan, loaded once per page and shared by every island; presence; signing out
 * and deleting the account, each a task with its pending state and error. Loaded by signed-in code
 * only: the small session store is what every page reads, and signing in, registering and
 * recovering a password are the sign-in screens' own (sign-in-store.ts). A 401 while loading the
 * profile means the stored session is dead: both tokens are cleared, the unauthorised event fires
 * and the page reloads as a visitor's.
 */
import { atom, computed } from 'nanostores';
import { DECOR_ROLES, PREMIUM_ROLES } from '../../../shared/rules.ts';
import {
  deleteAccount, onlineCount, pingPresence, readOwnProfile, signOut, updateOwnProfile, type Me, type ProfileChange,
} from '../../lib/directus/account.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { PRESENCE_PING_MS } from '../../lib/constants.ts';
import { task } from '../../ui/task.ts';
import { $session } from './session.ts';
import { signalUnauthorised } from './session-keeping.ts';

export type { Me };
export type MeStatus = 'idle' | 'loading' | 'ready' | 'error';

export const $me = atom<Me | null>(null);
export const $meStatus = atom<MeStatus>('idle');

/** Plan 1 or 2: GIF avatar and name colour. */
export const $isPremium = computed($me, (me) => !!me?.role && PREMIUM_ROLES.includes(me.role));
/** Plan 2 only: profile frame, chat frame and wallpaper. */
export const $isPremiumPlus = computed($me, (me) => !!me?.role && DECOR_ROLES.includes(me.role));

let loading: Promise<void> | null = null;

let following = false;
/** Signing out elsewhere (another tab) or here empties the profile; listened from the first load, so importing this store does nothing. */
function followSignOut(): void {
  if (following) return;
  following = true;
  $session.listen((session) => {
    if (!session) $me.set(null);
  });
}

/** Loads the profile once (again with `force`); a visitor has none. */
export function loadMe(o: { force?: boolean } = {}): Promise<void> {
  followSignOut();
  if (!$session.get()) {
    $me.set(null);
    $meStatus.set('ready');
    return Promise.resolve();
  }
  if (loading && !o.force) return loading;
  $meStatus.set('loading');
  loading = readOwnProfile()
    .then((me) => {
      $me.set(me);
      $meStatus.set('ready');
    })
    .catch((err: unknown) => {
      console.error(err);
      if (err instanceof DirectusRequestError && err.status === 401) {
        $me.set(null);
        signalUnauthorised();
        return;
      }
      $meStatus.set('error');
    });
  return loading;
}

/** Saves changes to the profile; the stored profile becomes the backend's answer. */
export async function saveProfile(change: ProfileChange): Promise<Me> {
  const me = await updateOwnProfile(change);
  $me.set(me);
  return me;
}

/** The page leaves for `path`; what waits on it never settles, so a form stays busy until the page is gone. */
export function leaveFor(path: string): Promise<never> {
  location.assign(path);
  return new Promise<never>(() => undefined);
}

/** Ends the session on the backend; it is forgotten here first, so this never fails. */
export const signingOut = task(signOut, 'Не удалось выйти');

/** Deletes the account, confirmed by the password; the session is forgotten with it and the page goes home. */
export const accountDeletion = task(async (password: string) => {
  await deleteAccount(password);
  return leaveFor('/');
}, 'Не удалось удалить профиль, попробуйте ещё раз');

export const $onlineCount = atom<number | null>(null);

export async function loadOnlineCount(): Promise<void> {
  try {
    $onlineCount.set(await onlineCount());
  } catch (err) {
    console.error(err);
  }
}

let timer: ReturnType<typeof setInterval> | null = null;

function ping(): void {
  if ($session.get() && document.visibilityState === 'visible') pingPresence().catch((err: unknown) => console.error(err));
}

/** Starts the presence pings (once per page, every 20 s while the tab is seen); they stop when the person signs out. */
export function startPresence(): void {
  if (timer) return;
  ping();
  timer = setInterval(ping, PRESENCE_PING_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && ping());
  $session.listen((session) => {
    if (!session && timer) {
      clearInterval(timer);
      timer = null;
    }
  });
}
