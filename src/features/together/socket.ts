/**
 * The room's live connection, on the page's kept socket (kept-socket.ts): sends the room's commands
 * as `{ type: 'together', room, ...command }` and hears its events. Each time the socket opens the
 * store is told, and joins the room's news again (after an absence, it reads what it missed first).
 */
import type { RoomCommand, RoomEvent } from '../../../shared/together.ts';
import { $keptConnection, listenOnKeptSocket, sendOnKeptSocket, type SocketFrame } from '../../lib/directus/kept-socket.ts';

/** The room's connection is the page's kept socket, told as the chat tells it too. */
export const $connection = $keptConnection;

/**
 * The room a frame is about: its `room`, except in a 'room' event, where the event's own `room` (the
 * RoomView) takes the frame's key, and the view's code says it.
 */
function roomOfFrame(frame: SocketFrame): unknown {
  const room = frame.room;
  return typeof room === 'object' && room !== null ? (room as { code?: unknown }).code : room;
}

interface Handlers {
  /** The socket opened (`again`: it had been open before). */
  opened: (again: boolean) => void;
  event: (event: RoomEvent) => void;
}

let room: string | null = null;
let stopListening: (() => void) | null = null;

/** Follows one room on this page. */
export function openRoomSocket(code: string, handlers: Handlers): void {
  closeRoomSocket();
  room = code;
  stopListening = listenOnKeptSocket({
    opened: handlers.opened,
    heard: (frame) => {
      if (frame.type === 'together' && roomOfFrame(frame) === code && typeof frame.event === 'string') handlers.event(frame as unknown as RoomEvent);
    },
  });
}

/** Sends a command of the room; false when there is no connection to send it on. */
export function sendRoomCommand(command: RoomCommand): boolean {
  return !!room && sendOnKeptSocket({ type: 'together', room, ...command });
}

/** Stops following the room (removed, or the page is done with it). */
export function closeRoomSocket(): void {
  room = null;
  stopListening?.();
  stopListening = null;
}
