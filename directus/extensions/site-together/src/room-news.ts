/**
 * News of a room on Directus's message bus (memory on one instance, Redis across several), so every
 * instance hears it and tells its own sockets bound to that room (room-sockets.ts): the room's new
 * view, its new lines, a reaction, who was removed or left, or that the room ended.
 */
import { useBus } from '../../shared/directus-internals.ts';
import type { RoomMessage, RoomView } from '../../../../shared/together.ts';

export const ROOM_NEWS = 'site.together';

export interface RoomNews {
  room: string;
  view?: RoomView;
  messages?: RoomMessage[];
  reaction?: { user: string; emoji: string };
  removed?: string;
  left?: string;
  ended?: boolean;
}

export async function tellRoom(news: RoomNews): Promise<void> {
  await useBus().publish(ROOM_NEWS, news);
}

export function hearRooms(listener: (news: RoomNews) => void): void {
  void useBus().subscribe(ROOM_NEWS, listener);
}
