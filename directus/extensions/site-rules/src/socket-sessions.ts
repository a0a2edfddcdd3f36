/**
 * Sockets end with their sessions. Directus checks a socket's token when it signs in and when the
 * token expires, never when its session ends: after a sign-out or a password change elsewhere, a
 * socket opened with the old token went on reading and writing private chats as the person for up
 * to the token's 15 minutes. When the news comes (shared/session-news.ts), each socket of this
 * instance that it ends is treated as Directus treats one whose token expired: told so, it reads as
 * a visitor from then on (socket-accountability.ts), and the site's own socket signs in again with
 * its fresh token if it still has one.
 */
import { TokenExpiredError } from '@directus/errors';
import type { Knex } from 'knex';
import { getWebSocketController, handleWebSocketError, useBus, type LiveSocket } from '../../shared/directus-internals.ts';
import { SESSIONS_ENDED, type SessionsEnded } from '../../shared/session-news.ts';
import { outlivesRole, storedRole } from '../../shared/stale-role.ts';
import { ROLES } from '../../../../shared/rules.ts';
import type { Register } from './types.ts';
import { isSignedInAs, socketEnds } from './socket-session-rules.ts';

/**
 * Which of the keys are sessions of the person still, as Directus checks a token's: a key a refresh
 * spent stays a while as a row of nobody's (site-auth's refresh-grace.ts), which is no session.
 */
async function liveSessions(database: Knex, user: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows: string[] = await database('directus_sessions').whereIn('token', keys).andWhere({ user })
    .andWhere('expires', '>=', new Date()).pluck('token');
  return new Set(rows);
}

function signOut(socket: LiveSocket): void {
  if (socket.auth_timer) clearTimeout(socket.auth_timer);
  socket.auth_timer = null;
  socket.accountability = null;
  socket.expires_at = null;
  handleWebSocketError(socket, new TokenExpiredError(), 'auth');
}

export function registerSocketSessions({ filter }: Pick<Register, 'filter'>, database: Knex, logError: (err: unknown) => void): void {
  // A socket signed in with a role its person no longer holds (a plan ended, shared/stale-role.ts)
  // is told so at its next message, and that message and the rest are read as a visitor's.
  filter('websocket.message', async (frame, meta) => {
    const socket = meta['client'] as LiveSocket | undefined;
    const who = socket?.accountability;
    if (socket && who?.user && who.role !== ROLES.user && outlivesRole(who.role ?? null, await storedRole(database, who.user))) signOut(socket);
    return frame;
  });

  void useBus().subscribe(SESSIONS_ENDED, (news: SessionsEnded) => {
    const sockets = [...(getWebSocketController()?.clients ?? [])].filter((s) => isSignedInAs(news, s.accountability));
    if (!sockets.length) return;
    const keys = news.kept === 'live' ? sockets.flatMap((s) => s.accountability?.session ?? []) : [];
    liveSessions(database, news.user, keys)
      .then((live) => { for (const s of sockets) if (socketEnds(news, s.accountability, live)) signOut(s); })
      .catch(logError);
  });
}
