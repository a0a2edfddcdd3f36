/** Which open sockets a session's end reaches (socket-sessions.ts). */
import type { Accountability } from '../../shared/directus.ts';
import type { SessionsEnded } from '../../shared/session-news.ts';

/** Whether the news concerns this socket's sign-in at all: it is signed in as the person. */
export function isSignedInAs(news: SessionsEnded, who: Accountability | null | undefined): who is Accountability {
  return !!who?.user && who.user === news.user;
}

/**
 * Whether the socket's sign-in ends. `live`: the sessions among the person's sockets that still
 * exist, for news that keeps the live ones. A socket whose token names no session (a static token)
 * ends only with news that keeps no session at all.
 */
export function socketEnds(news: SessionsEnded, who: Accountability | null | undefined, live: ReadonlySet<string>): boolean {
  if (!isSignedInAs(news, who)) return false;
  if (news.kept === null) return true;
  if (!who.session) return false;
  return news.kept === 'live' ? !live.has(who.session) : who.session !== news.kept;
}
