/** The title page's way into a room: apart from the room's store, so the title page loads only this. */
import { task } from '../../ui/task.ts';
import { createRoom } from './directus.ts';

export const roomPath = (code: string) => `/together/${encodeURIComponent(code)}`;

/** Makes a room for the title at the episode on screen (null for a film) and opens it; the page stays busy until it goes. */
export const creatingRoom = task(async (title: number, episode: number | null) => {
  const code = await createRoom(title, episode);
  location.assign(roomPath(code));
  await new Promise<never>(() => undefined);
}, 'Не удалось создать комнату. Попробуйте ещё раз.');
