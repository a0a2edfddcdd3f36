/**
 * A build split across processes, one a core (scripts/site-build/build.ts starts them): the part
 * `index` of `count` (its handoff, handoff.ts) renders every `count`-th title, cast and person page
 * from the `index`-th on. Part 0, the lead, also renders the list pages and the sitemap, and reads the
 * catalogue; the others load the rows it saved (catalogue-relay.ts). Every part renders the few
 * single pages too, and only the lead's copies are kept.
 */
import type { BuildHandoff } from './handoff.ts';

export interface Shard {
  index: number;
  count: number;
  /** Whether this part renders the list pages and reads the catalogue. */
  lead: boolean;
}

export function shardOf({ index, count }: BuildHandoff['part']): Shard {
  return { index, count, lead: index === 0 };
}

/** Whether this part renders the item at `index` of a list: every `count`-th from its own index on. */
export function inShard(index: number, shard: Shard): boolean {
  return index % shard.count === shard.index;
}
