/**
 * Friends seen from one person: who their friends are, which requests wait for their answer and
 * which for the other's, where they stand with a given person, and the chat sidebar's order
 * (friends first). Works on friendship rows whatever their people carry beyond an id.
 */

export type FriendshipStatus = 'pending' | 'accepted';

type PersonRef = string | { id: string } | null;

export interface FriendshipLike<P extends PersonRef = PersonRef> {
  id: number;
  status: FriendshipStatus;
  requester: P;
  addressee: P;
}

type PersonOf<R> = R extends FriendshipLike<infer P> ? Exclude<P, string | null> : never;

const idOf = (ref: PersonRef) => (typeof ref === 'string' ? ref : ref?.id ?? null);

/** Where the viewer stands with a person: nothing yet, a request either way, or friends. */
export type Relation =
  | { kind: 'none' }
  | { kind: 'outgoing' | 'incoming' | 'friends'; friendship: number };

/** One friendship as the viewer sees it: the other person and the row it lives in. */
export interface Tie<P> {
  friendship: number;
  person: P;
}

export interface Circle<P> {
  friends: Tie<P>[];
  /** Requests to the viewer, waiting for their answer. */
  incoming: Tie<P>[];
  /** The viewer's requests, waiting for the other's. */
  outgoing: Tie<P>[];
}

/** The other person of a friendship the viewer is in, or null when they are not in it (or the other is gone). */
function otherOf<R extends FriendshipLike>(row: R, me: string): PersonOf<R> | null {
  const [from, to] = [idOf(row.requester), idOf(row.addressee)];
  const other = from === me ? row.addressee : to === me ? row.requester : null;
  return typeof other === 'object' && other ? (other as PersonOf<R>) : null;
}

export function relationWith(rows: readonly FriendshipLike[], me: string, personId: string): Relation {
  for (const row of rows) {
    const [from, to] = [idOf(row.requester), idOf(row.addressee)];
    if (!((from === me && to === personId) || (from === personId && to === me))) continue;
    if (row.status === 'accepted') return { kind: 'friends', friendship: row.id };
    return { kind: from === me ? 'outgoing' : 'incoming', friendship: row.id };
  }
  return { kind: 'none' };
}

/** The viewer's friends and requests both ways, in the order of the rows. */
export function circleOf<R extends FriendshipLike>(rows: readonly R[], me: string): Circle<PersonOf<R>> {
  const circle: Circle<PersonOf<R>> = { friends: [], incoming: [], outgoing: [] };
  for (const row of rows) {
    const person = otherOf(row, me);
    if (!person) continue;
    const tie = { friendship: row.id, person };
    if (row.status === 'accepted') circle.friends.push(tie);
    else if (idOf(row.requester) === me) circle.outgoing.push(tie);
    else circle.incoming.push(tie);
  }
  return circle;
}

/**
 * The chat sidebar's order: the chats with friends first, then the friends without a chat yet,
 * then everyone else's chats, each group in the order it came.
 */
export function friendsFirst<C extends { with: { id: string } | null }, P extends { id: string }>(
  chats: readonly C[],
  friends: readonly P[],
): { friendChats: C[]; friendsWithoutChat: P[]; otherChats: C[] } {
  const friendIds = new Set(friends.map((f) => f.id));
  const isFriend = (c: C) => !!c.with && friendIds.has(c.with.id);
  const withChat = new Set(chats.flatMap((c) => (c.with ? [c.with.id] : [])));
  return {
    friendChats: chats.filter(isFriend),
    friendsWithoutChat: friends.filter((f) => !withChat.has(f.id)),
    otherChats: chats.filter((c) => !isFriend(c)),
  };
}
