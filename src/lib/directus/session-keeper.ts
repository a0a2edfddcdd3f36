/**
 * Keeps a signed-in page's session alive: the session is refreshed 30 s before the access token
 * expires, in whichever tab gets there first (session-refresh.ts shares the work).
 */
import { $session, type Session } from '../../features/account/session.ts';
import { SESSION_REFRESH_BEFORE_MS } from '../constants.ts';
import { refreshSession } from './session-refresh.ts';

let timer: ReturnType<typeof setTimeout> | null = null;

function schedule(session: Session | null): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!session) return;
  const wait = Math.max(0, session.expires_at - Date.now() - SESSION_REFRESH_BEFORE_MS);
  timer = setTimeout(() => {
    refreshSession(session).catch((err: unknown) => {
      console.error(err);
      // No answer (offline): try again shortly instead of letting the token lapse.
      timer = setTimeout(() => schedule($session.get()), 5_000);
    });
  }, wait);
}

export function keepSessionAlive(): void {
  $session.subscribe(schedule);
}
