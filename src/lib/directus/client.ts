/**
 * The one browser client of a page. Every island reaches Directus through it, at /api on the
 * site's own origin (design.md). Each request, and each retry, carries the token the session
 * store holds as it goes out (the one source of truth: a refresh in any part of the page or in
 * another tab reaches every later request); the session is refreshed first when the token is
 * about to expire, and when the backend still answers 401 it refreshes once and sends the
 * request again. The refreshing code loads only for signed-in people.
 */
import { createDirectus, isDirectusError, rest, type RestCommand } from '@directus/sdk';
import { $session, type Session } from '../../stores/session.ts';
import { SESSION_REFRESH_BEFORE_MS } from '../constants.ts';
import { once } from '../once.ts';
import type { SiteClient } from './queries.ts';
import type { Schema } from './schema.ts';

/** /api on the page's own origin; only meaningful in a browser. */
export function sameOriginApi(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin) throw new Error('No page origin: pass the Directus address to createSiteClient');
  return `${origin}/api`;
}

const refreshing = () => import('./session-refresh.ts');

/** The access token to send: none for visitors, refreshed first when it is about to expire. */
async function accessToken(): Promise<string | null> {
  const session = $session.get();
  if (!session) return null;
  if (session.expires_at - Date.now() > SESSION_REFRESH_BEFORE_MS) return session.access_token;
  return (await (await refreshing()).refreshSession(session))?.access_token ?? null;
}

/**
 * Puts the current token on a request as it is sent. Not the SDK's `getToken`: that writes the
 * header into the command's own options, and a command that hands out the same options every time
 * (`customEndpoint`) then sends the first attempt's token again on its retry, the one just refused.
 */
async function withCurrentToken(init: RequestInit): Promise<RequestInit> {
  const headers = new Headers(init.headers);
  const token = await accessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return { ...init, headers };
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
