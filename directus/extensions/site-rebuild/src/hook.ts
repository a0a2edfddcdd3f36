/**
 * Tells the site's rebuild webhook (SITE_REBUILD_URL, with SITE_REBUILD_SECRET) about every create,
 * update and delete of what public pages show. Changes of one moment (a bulk edit, an import) leave
 * in one request; the site waits for a quiet period before it builds. A change to a title, a person
 * or a part of one (row-owners.ts) names them, so the site reads only those again.
 */
import { defineHook } from '@directus/extensions';
import type { Knex } from 'knex';
import { PUBLIC_COLLECTIONS } from './public-collections.ts';
import { fileUsedPublicly } from './file-use.ts';
import { joinOwners, ownersOf, type Owners } from '../../shared/row-owners.ts';
import { rowNames, type RowNames } from './row-names.ts';
import { envText } from '../../shared/env.ts';

interface Change extends Owners, RowNames {
  event: string;
  collection: string;
  keys: (string | number)[];
}

const FLUSH_MS = 250;

export default defineHook(({ action, filter }, { env, logger, database, getSchema }) => {
  const url = envText(env, 'SITE_REBUILD_URL') ?? '';
  const secret = envText(env, 'SITE_REBUILD_SECRET') ?? '';
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

  const owners = async (db: Knex, collection: string, keys: (string | number)[]): Promise<Owners | null> => {
    try {
      return await ownersOf(db, collection, keys);
    } catch (err) {
      // Without them the site reads the whole catalogue: slower, never stale.
      logger.warn(`site rebuild: owners of ${collection} unknown: ${(err as Error).message}`);
      return null;
    }
  };

  const names = async (db: Knex, collection: string, keys: (string | number)[], known: Owners | null): Promise<RowNames> => {
    try {
      return await rowNames(db, collection, keys, known);
    } catch (err) {
      // The change is still told, by its numbers.
      logger.warn(`site rebuild: names of ${collection} unknown: ${(err as Error).message}`);
      return {};
    }
  };

  // Parts updated or deleted: their owners before the change, while the rows still point at them.
  // A change that failed after its filter leaves an entry; past a bound they are all forgotten, and a
  // change whose earlier owners were forgotten reads the whole catalogue.
  const before = new Map<string, { owners: Owners | null; names: RowNames }>();
  const BEFORE_KEPT = 1000;
  const keyOf = (collection: string, keys: (string | number)[]) => `${collection}\0${keys.join(',')}`;
  for (const event of ['update', 'delete'] as const) {
    // Read in the change's own transaction: a nested change holds the database (SQLite has one writer).
    filter(`items.${event}`, async (payload, meta, context) => {
      const collection = String(meta.collection);
      const keys = (event === 'delete' ? payload : meta.keys) as (string | number)[] | undefined;
      if (!PUBLIC_COLLECTIONS.includes(collection) || !keys?.length) return payload;
      if (before.size >= BEFORE_KEPT) before.clear();
      const known = await owners(context.database, collection, keys);
      // A deleted row's name is read now, while it exists.
      before.set(keyOf(collection, keys), { owners: known, names: event === 'delete' ? await names(context.database, collection, keys, known) : {} });
      return payload;
    });
  }

  for (const event of ['create', 'update', 'delete'] as const) {
    action(`items.${event}`, async (meta) => {
      const collection = String(meta.collection);
      if (!PUBLIC_COLLECTIONS.includes(collection)) return;
      const keys = (meta.keys ?? (meta.key !== undefined ? [meta.key] : [])) as (string | number)[];
      const key = keyOf(collection, keys);
      const earlier = before.get(key);
      before.delete(key);
      const now = event === 'delete' ? null : await owners(database, collection, keys);
      const known = event === 'create' ? now : event === 'delete' ? earlier?.owners ?? null : joinOwners(earlier?.owners ?? null, now);
      const told = event === 'delete' ? earlier?.names ?? {} : await names(database, collection, keys, now);
      tell({ event, collection, keys, ...known, ...told });
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
    if (await fileUsedPublicly(database, await getSchema(), ids)) tell({ event: 'update', collection: 'directus_files', keys: ids, ...(await names(database, 'directus_files', ids, null)) });
  });
});
