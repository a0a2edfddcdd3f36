/**
 * News that sessions of a person ended, carried on the message bus so that every instance hears it:
 * the sign-in rules (site-auth) tell it once a sign-out, a password or email change, a suspension or
 * a deletion is stored, and the live sockets (site-rules/socket-sessions.ts) end the connections
 * signed in with those sessions. REST refuses their tokens at once; an open socket checks its token
 * only when it signs in.
 */
import { useBus } from './directus-internals.ts';

export const SESSIONS_ENDED = 'site.sessions-ended';

/**
 * Whose sockets end: every one signed in as `user` but those of the session `kept` (the one that
 * changed the password goes on, as Directus keeps it), or, with `kept: 'live'`, those whose session
 * no longer exists (a sign-out, which also ends a socket still on a key a refresh has replaced).
 */
export interface SessionsEnded {
  user: string;
  kept: string | null | 'live';
}

export async function tellSessionsEnded(news: SessionsEnded): Promise<void> {
  await useBus().publish(SESSIONS_ENDED, news);
}
