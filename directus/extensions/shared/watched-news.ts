/**
 * News that a person's watched episodes of some titles changed, carried on the message bus (so every
 * instance hears it): the routes (site-api/watched.ts) and the collection's rules (site-rules/watched.ts)
 * tell it once the change is stored, and the live subscription (site-rules/watched-live.ts) passes it
 * to that person's own sockets alone.
 */
import { useBus } from './directus-internals.ts';

export const WATCHED_CHANGED = 'site.watched-changed';

export interface WatchedNews {
  user: string;
  titles: number[];
}

export async function tellWatchedChanged(user: string, titles: Iterable<number>): Promise<void> {
  const news: WatchedNews = { user, titles: [...new Set(titles)] };
  if (news.titles.length) await useBus().publish(WATCHED_CHANGED, news);
}
