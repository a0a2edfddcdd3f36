/**
 * The one browser client of a page. Every island reaches Directus through it, at /api on the
 * site's own origin. Each request, and each retry, carries the token the session
 * store holds as it goes out (the one source of truth: a refresh in any part of the page or in
 * another tab reaches every later request); the session is refreshed first when the token is
 * about to expire, and when the backend still answers 401 it refreshes once and sends the
 * request again. The refreshing code loads only for signed-in people.
 */
import { createDirectus, isDirectusError, rest, type RestCommand } from '@directus/sdk';
import { $session, type Session } from '../../features/account/session.ts';
import { SESSION_REFRESH_BEFORE_MS } from '../constants.ts';
import { once } from '../once.ts';
import type { SiteClient } from './queries.ts';
import type { Schema } from './schema.ts';

/** /api on the page's own origin; only meaningful in a browser. */
export function sameOriginApi(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin) throw new Error('No page origin');
  return `${origin}/api`;
}

const refreshing = () => import('./session-refresh.ts');

/**
 * Puts the session's token on a request as it is sent, refreshed first when it is about to expire
 * (none for visitors). Not the SDK's `getToken`: that writes the header into the command's own
 * options, and a command that hands out the same options every time (`customEndpoint`) then sends
 * the first attempt's token again on its retry, the one just refused. The SDK passes the command's
 * headers as a plain object: it is copied, never written into.
 */
async function withCurrentToken(init: RequestInit): Promise<RequestInit> {
  const session = $session.get();
  const token = session && (session.expires_at - Date.now() > SESSION_REFRESH_BEFORE_MS
    ? session.access_token
    : (await (await refreshing()).refreshSession(session))?.access_token);
  return token ? { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${token}` } } : init;
}

const isUnauthorised = (err: unknown) => isDirectusError(err) && err.response instanceof Response && err.response.status === 401;

/**
 * A client for the Directus at `base`. Cookies are never sent: the session travels as the bearer
 * token, so a Directus admin-app cookie on the same origin cannot change what the site reads.
 */
export function createSiteClient(base: string = sameOriginApi()): SiteClient {
  const client = createDirectus<Schema>(base).with(rest({ credentials: 'omit', onRequest: withCurrentToken }));
  const send = client.request.bind(client);
  return {
    ...client,
    async request<Output>(command: RestCommand<Output, Schema>): Promise<Output> {
      const session: Session | null = $session.get();
      try {
        return await send(command);
      } catch (err) {
        if (!session || !isUnauthorised(err)) throw err;
        // Another tab may have refreshed, or the token was ended: refresh once, then try again.
        if (!(await (await refreshing()).refreshSession(session, { force: true }))) throw err;
        return send(command);
      }
    },
  };
}

/** The page's client, made on first use. */
export const pageClient = once(() => createSiteClient());
