/**
 * A build split across processes, one a core (scripts/site-build/build.ts starts them): the part
 * `index` of `count` (its handoff, handoff.ts) renders every `count`-th title, cast and person page
 * from the `index`-th on (the lead a few fewer, see inShard). Part 0, the lead, also renders the list
 * pages and the sitemap, and reads the catalogue; the others load the rows it saved
 * (catalogue-relay.ts). Every part renders the few single pages too, and only the lead's copies are kept.
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

/**
 * Of every LEAD_HANDS_ON items the lead would render, the last goes to part 1. The lead reads the
 * catalogue and starts the list pages' queries, and at 100,000 titles it rendered an even share 5-7 %
 * slower than the other part, ending 10-12 s after it; handing on 2 % of its share evens the ends.
 */
export const LEAD_HANDS_ON = 50;

/** Whether this part renders the item at `index` of a list: every `count`-th from its own index on, less what the lead hands on. */
export function inShard(index: number, shard: Shard): boolean {
  const owner = index % shard.count;
  const round = Math.floor(index / shard.count);
  const handedOn = owner === 0 && shard.count > 1 && round % LEAD_HANDS_ON === LEAD_HANDS_ON - 1;
  return (handedOn ? 1 : owner) === shard.index;
}
