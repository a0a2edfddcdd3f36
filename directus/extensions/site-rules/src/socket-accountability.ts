/**
 * A connection whose sign-in ends reads as a visitor. Directus sets a socket's accountability to
 * null when its token expires or a later sign-in on it fails, and keeps its subscriptions; a read
 * with no accountability skips every permission, so such a socket would be told everything until
 * it closed (never, in public mode). Here the null becomes the visitor's accountability, with the
 * connection's own address.
 */
import type { Accountability } from '../../shared/directus.ts';

interface Client { accountability?: Accountability | null }

export function visitorFrom(previous: Accountability | null | undefined): Accountability {
  const kept = previous ? { ip: previous.ip ?? null, userAgent: previous.userAgent, origin: previous.origin } : { ip: null };
  return { role: null, user: null, roles: [], admin: false, app: false, ...kept } as Accountability;
}

export function neverUnaccountable(client: Client): void {
  let current = client.accountability ?? visitorFrom(null);
  Object.defineProperty(client, 'accountability', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (next: Accountability | null | undefined) => { current = next ?? visitorFrom(current); },
  });
}
