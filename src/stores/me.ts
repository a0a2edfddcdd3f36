/**
 * The signed-in person (`$me`): their profile with name colour, frame and wallpaper, role and
 * plan, loaded once per page and shared by every island; the actions that change it. Loaded by
 * signed-in screens only. A 401 while loading it means the stored session is dead: both tokens
 * are cleared, the unauthorised event fires and the page reloads as a visitor's (spec section 4).
 */
import { atom, computed } from 'nanostores';
import { DECOR_ROLES, PREMIUM_ROLES } from '../../shared/rules.ts';
import { readOwnProfile, updateOwnProfile, type Me, type ProfileChange } from '../lib/directus/account.ts';
import { DirectusRequestError } from '../lib/directus/request-error.ts';
import { $session, signalUnauthorised } from './session.ts';

export type { Me };
export type MeStatus = 'idle' | 'loading' | 'ready' | 'error';

export const $me = atom<Me | null>(null);
export const $meStatus = atom<MeStatus>('idle');

/** Plan 1 or 2: GIF avatar and name colour (spec section 6). */
export const $isPremium = computed($me, (me) => !!me?.role && PREMIUM_ROLES.includes(me.role));
/** Plan 2 only: profile frame, chat frame and wallpaper. */
export const $isPremiumPlus = computed($me, (me) => !!me?.role && DECOR_ROLES.includes(me.role));

let loading: Promise<void> | null = null;

/** Loads the profile once (again with `force`); a visitor has none. */
export function loadMe(o: { force?: boolean } = {}): Promise<void> {
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

/** Signing out elsewhere (another tab) or here empties the profile. */
$session.listen((session) => {
  if (!session) $me.set(null);
});

