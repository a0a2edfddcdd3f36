/**
 * The player's calls for signed-in people: their watched episodes (GET and PUT /site/watched, and
 * the import of what the browser kept before they signed in) and their player settings, kept on
 * their own user row.
 */
import { customEndpoint, readMe, updateMe } from '@directus/sdk';
import { pageClient } from '../../lib/directus/client.ts';
import { send } from '../../lib/directus/queries.ts';
import type { PlayerSettings } from '../../../shared/player-settings.ts';
import { WATCHED_IMPORT_MAX } from '../../../shared/watching.ts';
import type { WatchedRemote } from './watched-store.ts';

export const accountWatched: WatchedRemote = {
  read: (titleId) => send(pageClient(), customEndpoint<number[]>({ path: `/site/watched?title=${titleId}`, method: 'GET' }), 'watched episodes'),
  set: async (episode, watched) => {
    await send(pageClient(), customEndpoint<unknown>({ path: `/site/watched/${episode}`, method: 'PUT', body: JSON.stringify({ watched }) }), 'watched mark');
  },
  take: async (episodes) => {
    for (let from = 0; from < episodes.length; from += WATCHED_IMPORT_MAX) {
      const part = episodes.slice(from, from + WATCHED_IMPORT_MAX);
      await send(pageClient(), customEndpoint<unknown>({ path: '/site/watched/import', method: 'POST', body: JSON.stringify({ episodes: part }) }), 'watched import');
    }
  },
};

export async function readAccountSettings(): Promise<unknown> {
  const me = await send(pageClient(), readMe({ fields: ['playerSettings'] }), 'player settings');
  return me.playerSettings ?? null;
}

export async function saveAccountSettings(settings: PlayerSettings): Promise<void> {
  await send(pageClient(), updateMe({ playerSettings: settings }, { fields: ['id'] }), 'player settings save');
}
