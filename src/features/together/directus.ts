/**
 * The together feature's REST calls (signed-in people only): a room made for a title's episode,
 * entering one (the room as it is and its latest lines), leaving it, and the title's episodes the
 * room's player plays.
 */
import { customEndpoint, readItem } from '@directus/sdk';
import { pageClient } from '../../lib/directus/client.ts';
import { send } from '../../lib/directus/send.ts';
import { PLAYER_FIELDS } from '../../lib/directus/fields.ts';
import { EPISODES_DEEP } from '../../lib/directus/signed-in-fields.ts';
import { wholeLists } from '../../lib/directus/whole-lists.ts';
import type { Title } from '../../lib/directus/schema.ts';
import type { RoomMessage, RoomView } from '../../../shared/together.ts';

const post = <T,>(path: string, body?: unknown) =>
  customEndpoint<T>({ path, method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** A new room for the title at this episode (null for a film); the person leads it. */
export async function createRoom(title: number, episode: number | null): Promise<string> {
  const { code } = await send(pageClient(), post<{ code: string }>('/together/rooms', { title, episode }), 'together room');
  return code;
}

export interface Entered {
  room: RoomView;
  messages: RoomMessage[];
}

/** Enters the room (or comes back to it): 404 no such room, 403 removed from it, 409 full. */
export function joinRoom(code: string): Promise<Entered> {
  return send(pageClient(), post<Entered>(`/together/rooms/${encodeURIComponent(code)}/join`), 'together join');
}

/** Leaves the room. */
export async function leaveRoom(code: string): Promise<void> {
  await send(pageClient(), post<unknown>(`/together/rooms/${encodeURIComponent(code)}/leave`), 'together leave');
}

const ROOM_TITLE_FIELDS = ['id', 'name', 'slug', ...PLAYER_FIELDS] as const;

/** The title's sources in the player's order, for its player model. */
export function readRoomTitle(id: number) {
  return send(pageClient(), readItem('titles', id, { fields: ROOM_TITLE_FIELDS, deep: wholeLists<Title>(ROOM_TITLE_FIELDS, EPISODES_DEEP) }), 'together title');
}
