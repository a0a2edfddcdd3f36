/**
 * A build split across processes, one a core (scripts/site-build/build.ts starts them): with
 * SITE_SHARD="k/n" a process renders every n-th title, cast and person page from the k-th on. Part
 * 0, the lead, also renders the list pages and the sitemap, and reads the catalogue; the others load
 * the rows it saved (rows-handoff.ts). Every part renders the few single pages too, and only the
 * lead's copies are kept.
 */
export interface Shard {
  index: number;
  count: number;
  /** Whether this part renders the list pages and reads the catalogue. */
  lead: boolean;
}

export function shardOf(env: NodeJS.ProcessEnv): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(env.SITE_SHARD ?? '');
  const count = m ? Number(m[2]) : 1;
  const index = m && Number(m[1]) < count ? Number(m[1]) : 0;
  return { index, count, lead: index === 0 };
}

/** The items of `list` this part renders: every `count`-th from its index on. */
export function inShard<T>(list: readonly T[], shard: Shard): T[] {
  return shard.count === 1 ? [...list] : list.filter((_, i) => i % shard.count === shard.index);
}
