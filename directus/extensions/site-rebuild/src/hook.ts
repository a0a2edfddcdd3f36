/**
 * Tells the site's rebuild webhook (SITE_REBUILD_URL, with SITE_REBUILD_SECRET) about every create,
 * update and delete of what public pages show. Changes of one moment (a bulk edit, an import) leave
 * in one request; the site waits for a quiet period before it builds.
 */
import { defineHook } from '@directus/extensions';
import { PUBLIC_COLLECTIONS } from './public-collections.ts';
import { fileUsedPublicly } from './file-use.ts';

interface Change {
  event: string;
  collection: string;
  keys: (string | number)[];
}

const FLUSH_MS = 250;

export default defineHook(({ action, filter }, { env, logger, database, getSchema }) => {
  const url = typeof env.SITE_REBUILD_URL === 'string' ? env.SITE_REBUILD_URL : '';
  const secret = typeof env.SITE_REBUILD_SECRET === 'string' ? env.SITE_REBUILD_SECRET : '';
  if (!url || !secret) {
    logger.info('SITE_REBUILD_URL is not set: the site is not rebuilt on changes');
    return;
  }

  let queue: Change[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    timer = null;
    const changes = queue;
    queue = [];
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ changes }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) logger.warn(`site rebuild webhook answered ${res.status}`);
    } catch (err) {
      logger.warn(`site rebuild webhook unreachable: ${(err as Error).message}`);
    }
  };
  const tell = (change: Change) => {
    queue.push(change);
    timer ??= setTimeout(() => void flush(), FLUSH_MS);
  };

  for (const event of ['create', 'update', 'delete'] as const) {
    action(`items.${event}`, (meta) => {
      const collection = String(meta.collection);
      if (!PUBLIC_COLLECTIONS.includes(collection)) return;
      const keys = (meta.keys ?? (meta.key !== undefined ? [meta.key] : [])) as (string | number)[];
      tell({ event, collection, keys });
    });
  }

  // A file matters when a public row uses it: checked before a delete, while the links still exist.
  const doomed = new Set<string>();
  filter('files.delete', async (keys) => {
    const ids = (keys as string[]).map(String);
    if (await fileUsedPublicly(database, await getSchema(), ids)) for (const id of ids) doomed.add(id);
    return keys;
  });
  action('files.delete', (meta) => {
    const ids = ((meta.keys ?? meta.payload ?? []) as string[]).map(String).filter((id) => doomed.delete(id));
    if (ids.length) tell({ event: 'delete', collection: 'directus_files', keys: ids });
  });
  action('files.update', async (meta) => {
    const ids = ((meta.keys ?? []) as string[]).map(String);
    if (await fileUsedPublicly(database, await getSchema(), ids)) tell({ event: 'update', collection: 'directus_files', keys: ids });
  });
});
