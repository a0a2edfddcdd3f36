/**
 * The sign-in screens' store (/login and /reset-password): signing in, registering and recovering
 * a password, each a task with its pending state and error, worded as the forms say it. Signed-in
 * pages never load it.
 */
import { atom } from 'nanostores';
import { ACCOUNT_MESSAGES, type Registration } from '../../../shared/rules.ts';
import { register, requestPasswordReset, resetPassword, signIn } from '../../lib/directus/account.ts';
import { task } from '../../ui/task.ts';
import { backendReason, connectionTrouble, statusOf } from './failures.ts';
import { afterSignInPath } from './return-path.ts';
import { $session } from './session.ts';
import { clearSession } from './session-keeping.ts';
import { leaveFor } from './store.ts';

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

/** Mails the link to /reset-password. Directus checks only the shape of the address here (400); too many requests are a 429 that says how long to wait. */
export const resetRequest = task(requestPasswordReset,
  (err) => (statusOf(err) === 400 ? 'Укажите корректный email' : backendReason(err) ?? connectionTrouble('Не удалось отправить письмо')));

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

