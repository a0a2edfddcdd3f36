/**
 * This instance's sockets bound to rooms, and what each hears of a room's news: only a socket still
 * signed in as its person, and only while that person is a member of the room as its newest view
 * says. A removed member's sockets are told `removed` and unbound at once; a member who left is
 * unbound quietly; a room that ended tells all. Knows no database and no bus: the hook feeds it.
 */
import type { RoomEvent, RoomView } from '../../../../shared/together.ts';
import type { RoomNews } from './room-news.ts';

export interface Client {
  accountability?: { user?: string | null } | null;
  send(data: string): void;
}

interface Binding {
  client: Client;
  user: string;
  uid?: string | number;
}

/** Whether the socket is still signed in as the person it was bound as (a sign-out leaves it open as a visitor's). */
const signedIn = (b: Binding) => (b.client.accountability?.user ?? null) === b.user;

export type Uid = string | number | undefined;

/** A frame of the room to one socket: `{ type: 'together', room, uid?, ...event }`. */
export function roomFrame(room: string, uid: Uid, event: RoomEvent): string {
  return JSON.stringify({ type: 'together', room, ...(uid === undefined ? {} : { uid }), ...event });
}

export class RoomSockets {
  private readonly rooms = new Map<string, Set<Binding>>();
  private readonly known = new Map<string, { version: number; members: Set<string> }>();

  private readonly logError: (err: unknown) => void;

  constructor(logError: (err: unknown) => void = () => {}) {
    this.logError = logError;
  }

  /** Binds the socket to the room as `user` (again: the uid of its latest join is kept). */
  bind(room: string, client: Client, user: string, uid: Uid, view: RoomView): void {
    this.know(view);
    const bound = this.rooms.get(room) ?? new Set<Binding>();
    for (const b of bound) if (b.client === client) bound.delete(b);
    bound.add(uid === undefined ? { client, user } : { client, user, uid });
    this.rooms.set(room, bound);
  }

  unbind(room: string, client: Client): void {
    const bound = this.rooms.get(room);
    if (!bound) return;
    for (const b of bound) if (b.client === client) bound.delete(b);
    if (!bound.size) this.drop(room);
  }

  /** The person this socket is bound to the room as, or null. */
  boundAs(room: string, client: Client): string | null {
    for (const b of this.rooms.get(room) ?? []) if (b.client === client) return b.user;
    return null;
  }

  /** Whether the room's newest view known here counts the person among its members. */
  isMember(room: string, user: string): boolean {
    return this.known.get(room)?.members.has(user) ?? false;
  }

  /** Forgets the socket everywhere; answers the rooms where its person has no other socket bound here. */
  forget(client: Client): { room: string; user: string }[] {
    const gone: { room: string; user: string }[] = [];
    for (const [room, bound] of this.rooms) {
      for (const b of bound) {
        if (b.client !== client) continue;
        bound.delete(b);
        if (![...bound].some((other) => other.user === b.user)) gone.push({ room, user: b.user });
      }
      if (!bound.size) this.drop(room);
    }
    return gone;
  }

  /** Every (room, person) with a socket bound here and still signed in as them: they are seen as online. */
  boundPeople(): { room: string; user: string }[] {
    const pairs = new Map<string, { room: string; user: string }>();
    for (const [room, bound] of this.rooms) for (const b of bound) if (signedIn(b)) pairs.set(`${room} ${b.user}`, { room, user: b.user });
    return [...pairs.values()];
  }

  /** Unbinds the sockets signed out since they joined; answers the (room, person) pairs left with no socket here. */
  dropSignedOut(): { room: string; user: string }[] {
    const gone: { room: string; user: string }[] = [];
    for (const [room, bound] of this.rooms) {
      gone.push(...this.unbindSignedOut(bound).map((user) => ({ room, user })));
      if (!bound.size) this.drop(room);
    }
    return gone;
  }

  /**
   * Passes the news to the sockets bound here. Answers the people bound here whom the view shows
   * offline (`offline`), and those whose sockets here were all signed out (`signedOut`).
   */
  deliver(news: RoomNews): { offline: string[]; signedOut: string[] } {
    const { room } = news;
    const bound = this.rooms.get(room);
    // News of a room no socket here is in is nobody's here: knowing it would keep it for good.
    if (!bound) return { offline: [], signedOut: [] };
    if (news.view) this.know(news.view);
    if (news.ended) {
      for (const b of bound) this.send(b, room, { event: 'removed' });
      this.drop(room);
      return { offline: [], signedOut: [] };
    }
    for (const b of [...bound]) {
      if (b.user === news.removed) this.send(b, room, { event: 'removed' });
      if (b.user === news.removed || b.user === news.left || !this.isMember(room, b.user)) bound.delete(b);
    }
    const signedOut = this.unbindSignedOut(bound);
    if (!bound.size) {
      this.drop(room);
      return { offline: [], signedOut };
    }
    const offline: string[] = [];
    for (const b of bound) {
      if (news.view) {
        this.send(b, room, { event: 'room', room: news.view });
        if (news.view.members.some((m) => m.id === b.user && m.state === 'offline') && !offline.includes(b.user)) offline.push(b.user);
      }
      for (const message of news.messages ?? []) this.send(b, room, { event: 'message', message });
      if (news.reaction) this.send(b, room, { event: 'reaction', ...news.reaction });
    }
    return { offline, signedOut };
  }

  /** Takes from `bound` the sockets no longer signed in as their person; answers those left with none there. */
  private unbindSignedOut(bound: Set<Binding>): string[] {
    const out = [...bound].filter((b) => !signedIn(b));
    for (const b of out) bound.delete(b);
    return [...new Set(out.map((b) => b.user))].filter((user) => ![...bound].some((b) => b.user === user));
  }

  private know(view: RoomView): void {
    const had = this.known.get(view.code);
    if (had && had.version > view.version) return;
    this.known.set(view.code, { version: view.version, members: new Set(view.members.map((m) => m.id)) });
  }

  private drop(room: string): void {
    this.rooms.delete(room);
    this.known.delete(room);
  }

  private send(b: Binding, room: string, event: RoomEvent): void {
    try {
      b.client.send(roomFrame(room, b.uid, event));
    } catch (err) {
      this.logError(err);
    }
  }
}
