/** Signing in on /login, after the sign-in form or a registration: the session is stored, then the page leaves. */
import { signIn } from '../directus/account.ts';
import { afterSignInPath } from './return-path.ts';

export async function signInAndReturn(email: string, password: string, remember: boolean): Promise<void> {
  await signIn(email, password, remember);
  location.assign(afterSignInPath(location.search, document.referrer, location.origin));
}
