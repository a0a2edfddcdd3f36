/**
 * A change applied and told: the store writes it (room-store.ts), and the new view with its lines
 * goes on the bus for every instance's sockets (room-news.ts). The REST routes and the socket both
 * change rooms through here.
 */
import type { Knex } from 'knex';
import { applyToRoom, type Applied, type RoundTrips } from './room-store.ts';
import { tellRoom } from './room-news.ts';
import type { RoomChange } from './room-rules.ts';

/** `quiet`: the change writes no lines in the room's chat (its actor wrote their share). */
export async function changeRoom(database: Knex, code: string, actor: string, change: RoomChange, roundTrips?: RoundTrips, { quiet = false } = {}): Promise<Applied | null> {
  const applied = await applyToRoom(database, code, actor, change, roundTrips, quiet);
  if (applied?.outcome.ok && applied.outcome.changed) {
    const { removed, left } = applied.outcome;
    await tellRoom({
      room: code,
      view: applied.view,
      ...(applied.lines.length ? { messages: applied.lines } : {}),
      ...(removed ? { removed } : {}),
      ...(left ? { left } : {}),
    });
  }
  return applied;
}
