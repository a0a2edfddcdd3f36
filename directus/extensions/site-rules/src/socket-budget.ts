/**
 * What one connection and one address may hold of the realtime socket. Directus reads every event
 * once per subscription whose query differs, and bounds neither how many subscriptions a socket
 * holds nor how many sockets an address opens: a visitor's one socket held 2,000 subscriptions to
 * reviews, each with a filter of its own, and one review then cost the backend 2,000 reads (5 s of
 * its time). The site's pages hold at most four on a socket (the reviews' feeds; the chat's two and
 * the watched marks share the other), so a socket holds MAX_SUBSCRIPTIONS_PER_SOCKET; an address
 * holds `perAddress` sockets at once on an instance (WEBSOCKETS_REST_CONN_LIMIT_PER_ADDRESS raises
 * it where many people share one address, and for benches).
 */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 16;
export const SOCKETS_PER_ADDRESS = 64;

export const TOO_MANY_SUBSCRIPTIONS = `Слишком много подписок на одном соединении (больше ${MAX_SUBSCRIPTIONS_PER_SOCKET})`;
export const TOO_MANY_SOCKETS = 'Слишком много соединений с этого адреса';
/** The close code for a socket over its address's allowance: try again later. */
export const TOO_MANY_SOCKETS_CODE = 1013;

interface Held {
  /** The address the socket counts against, or null for one opened before the budget knew it. */
  address: string | null;
  /** The subscriptions' names; one without a name gets a name of its own here. */
  names: Set<string>;
}

export interface SocketBudget<Client extends object> {
  /** Counts a new socket of `address`: false, and not counted, when the address holds its allowance. */
  opened(client: Client, address: string): boolean;
  closed(client: Client): void;
  /** Takes a subscription: true when it is one the socket holds already (a name resubscribed) or there is room for it. */
  subscribing(client: Client, uid: unknown): boolean;
  /** Frees one subscription by name, or every one of the socket without. */
  unsubscribed(client: Client, uid?: unknown): void;
}

/** The budget of one instance's sockets; `perAddress` not a whole number of 1 or more keeps SOCKETS_PER_ADDRESS. */
export function createSocketBudget<Client extends object>(perAddress?: number): SocketBudget<Client> {
  const allowance = perAddress !== undefined && Number.isInteger(perAddress) && perAddress >= 1 ? perAddress : SOCKETS_PER_ADDRESS;
  const sockets = new Map<string, number>();
  const held = new WeakMap<Client, Held>();
  let unnamed = 0;
  const heldBy = (client: Client): Held => {
    let h = held.get(client);
    if (!h) held.set(client, (h = { address: null, names: new Set() }));
    return h;
  };
  const nameOf = (uid: unknown) => (typeof uid === 'string' || typeof uid === 'number' ? String(uid) : undefined);

  return {
    opened(client, address) {
      const count = sockets.get(address) ?? 0;
      if (count >= allowance) return false;
      sockets.set(address, count + 1);
      heldBy(client).address = address;
      return true;
    },
    closed(client) {
      const h = held.get(client);
      held.delete(client);
      if (h?.address == null) return;
      const left = (sockets.get(h.address) ?? 1) - 1;
      if (left > 0) sockets.set(h.address, left);
      else sockets.delete(h.address);
    },
    subscribing(client, uid) {
      const { names } = heldBy(client);
      const name = nameOf(uid);
      if (name !== undefined && names.has(name)) return true;
      if (names.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) return false;
      names.add(name ?? `\0${unnamed++}`);
      return true;
    },
    unsubscribed(client, uid) {
      const h = held.get(client);
      const name = nameOf(uid);
      if (name === undefined) h?.names.clear();
      else h?.names.delete(name);
    },
  };
}
