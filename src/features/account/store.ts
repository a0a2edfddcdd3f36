/**
 * The account's store: the signed-in person (`$me`), their profile with name colour, frame and
 * wallpaper, role and plan, loaded once per page and shared by every island; presence; and what a
 * person does with the account (sign in, register, sign out, recover the password, delete it), each
 * a task with its pending state and error. Loaded by the login screens and signed-in code only (the
 * small session store is what every page reads). A 401 while loading the profile means the stored
 * session is dead: both tokens are cleared, the unauthorised event fires and the page reloads as a
 * visitor's.
 */
import { atom, computed } from 'nanostores';
import { DECOR_ROLES, PREMIUM_ROLES, ACCOUNT_MESSAGES } from '../../../shared/rules.ts';
import { deleteAccount, onlineCount, pingPresence, readOwnProfile, register, requestPasswordReset, resetPassword, signIn, signOut, updateOwnProfile, type Me, type ProfileChange, type Registration } from '../../lib/directus/account.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { PRESENCE_PING_MS } from '../../lib/constants.ts';
import { task } from '../../ui/task.ts';
import { backendReason, connectionTrouble, statusOf } from './failures.ts';
import { afterSignInPath } from './return-path.ts';
import { $session, clearSession, signalUnauthorised } from './session.ts';

export type { Me };
export type MeStatus = 'idle' | 'loading' | 'ready' | 'error';

export const $me = atom<Me | null>(null);
export const $meStatus = atom<MeStatus>('idle');

/** Plan 1 or 2: GIF avatar and name colour (spec section 6). */
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
function leaveFor(path: string): Promise<never> {
  location.assign(path);
  return new Promise<never>(() => undefined);
}

/** Signs in and stores the session, then returns to the screen that sent the person to /login (or home). */
async function signInAndReturn(email: string, password: string, remember: boolean): Promise<never> {
  await signIn(email, password, remember);
  return leaveFor(afterSignInPath(location.search, document.referrer, location.origin));
}

/** What a failed sign-in says. */
function signInFailure(err: unknown): string {
  const status = statusOf(err);
  if (status === 400 || status === 401) return ACCOUNT_MESSAGES.badCredentials;
  if (status === 429) return backendReason(err) ?? 'Слишком много попыток входа. Попробуйте позже или восстановите пароль';
  return connectionTrouble('Не удалось войти');
}

export const signingIn = task(signInAndReturn, signInFailure);

/**
 * An account made here whose sign-in then failed: its email, for the sign-in form to take over
 * with (the registration itself succeeded).
 */
export const $madeAccount = atom<string | null>(null);

/** Makes the whole account in one call, then signs it in as a remembered sign-in. */
export const registration = task(async (input: Registration) => {
  await register(input);
  try {
    await signInAndReturn(input.email, input.password, true);
  } catch (err) {
    console.error(err);
    $madeAccount.set(input.email);
  }
}, (err) => backendReason(err) ?? connectionTrouble('Не удалось зарегистрироваться'));

/** A registration refused because another took the login or the email meanwhile: the field, not the form, says so. */
export const takenField = (error: string | null): 'login' | 'email' | null =>
  error === ACCOUNT_MESSAGES.loginTaken ? 'login' : error === ACCOUNT_MESSAGES.emailTaken ? 'email' : null;

/** Ends the session on the backend; it is forgotten here first, so this never fails. */
export const signingOut = task(signOut, 'Не удалось выйти');

/** Mails the link to /reset-password. Directus checks only the shape of the address here (400). */
export const resetRequest = task(requestPasswordReset,
  (err) => (statusOf(err) === 400 ? 'Укажите корректный email' : connectionTrouble('Не удалось отправить письмо')));

/** Said when a reset link expired or was used already (the backend answers 401 or 403). */
export const DEAD_RESET_LINK = 'Ссылка для смены пароля устарела или уже использована.';

/** Sets the new password; it ends every session of the account, so one stored here is over too. */
export const passwordReset = task(async (token: string, password: string) => {
  await resetPassword(token, password);
  if ($session.get()) clearSession();
}, (err) => {
  const status = statusOf(err);
  if (status === 401 || status === 403) return DEAD_RESET_LINK;
  return backendReason(err) ?? connectionTrouble('Не удалось сменить пароль');
});

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
