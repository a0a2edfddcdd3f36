/**
 * The live subscription to `watchedEpisodes`, served here rather than by Directus: a signed-in person's
 * open title pages hear which of their titles' watched marks changed elsewhere (another tab or device),
 * and read them again. Directus's own would announce the id of every deleted mark to every subscriber,
 * and the routes that write most marks (site-api/watched.ts) raise no item events at all; the news
 * comes over the bus instead (shared/watched-news.ts) and goes to the connections signed in as its
 * person when it arrives. Who may listen: watched-live-rules.ts.
 */
import { WebSocketError, fmtMessage, useBus } from '../../shared/directus-internals.ts';
import type { Accountability } from '../../shared/directus.ts';
import { WATCHED_CHANGED, type WatchedNews } from '../../shared/watched-news.ts';
import { hearsNews, newsFrame, watchedRefusal } from './watched-live-rules.ts';

interface Client { accountability?: Accountability | null; send(data: string): void }
interface Listener { client: Client; uid?: string }

export interface WatchedLive {
  /** Answers the subscribe message: its init, or a refusal it throws. */
  subscribe(client: Client, message: Record<string, unknown>): void;
  unsubscribe(client: Client, uid?: unknown): void;
}

export function createWatchedLive(logError: (err: unknown) => void): WatchedLive {
  const listeners = new Set<Listener>();

  void useBus().subscribe(WATCHED_CHANGED, (news: WatchedNews) => {
    for (const { client, uid } of listeners) {
      if (!hearsNews(news, client.accountability)) continue;
      try {
        client.send(fmtMessage('subscription', newsFrame(news), uid));
      } catch (err) {
        logError(err);
      }
    }
  });

  const unsubscribe = (client: Client, uid?: unknown) => {
    for (const l of listeners) if (l.client === client && (uid === undefined || l.uid === String(uid))) listeners.delete(l);
  };

  return {
    unsubscribe,
    subscribe(client, message) {
      const uid = typeof message.uid === 'string' || typeof message.uid === 'number' ? String(message.uid) : undefined;
      const refusal = watchedRefusal(message, client.accountability);
      if (refusal) throw new WebSocketError('subscribe', refusal.code, refusal.reason, uid);
      if (uid !== undefined) unsubscribe(client, uid);
      listeners.add(uid === undefined ? { client } : { client, uid });
      client.send(fmtMessage('subscription', { event: 'init' }, uid));
    },
  };
}
