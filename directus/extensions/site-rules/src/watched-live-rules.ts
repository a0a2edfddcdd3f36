/**
 * Who may listen to their watched marks live (watched-live.ts), and who hears a change: only a signed-in
 * person, and only of their own marks. The subscription takes no query, item or event: it names nothing
 * but the person's own titles, so there is nothing to choose, and a filter could only reach for
 * someone else's rows.
 */
import type { Accountability } from '../../shared/directus.ts';
import type { WatchedNews } from '../../shared/watched-news.ts';

export const NOT_FOR_VISITORS = 'Подписка на эту коллекцию недоступна';
export const NOTHING_TO_CHOOSE = 'Подписка на просмотренные серии не принимает ни запроса, ни записи, ни события';

/** Why a subscribe message is refused, or null when it is taken. */
export function watchedRefusal(message: Record<string, unknown>, who: Accountability | null | undefined): { code: 'FORBIDDEN' | 'INVALID_PAYLOAD'; reason: string } | null {
  if (!who?.user) return { code: 'FORBIDDEN', reason: NOT_FOR_VISITORS };
  if (['query', 'item', 'event'].some((key) => message[key] !== undefined)) return { code: 'INVALID_PAYLOAD', reason: NOTHING_TO_CHOOSE };
  return null;
}

/** The person a connection reads as now (a sign-in that ended reads as a visitor) is the one whose marks changed. */
export const hearsNews = (news: WatchedNews, who: Accountability | null | undefined): boolean => !!who?.user && who.user === news.user;

/** What a listener is sent: the titles whose marks changed, to read again. */
export const newsFrame = (news: WatchedNews) => ({ event: 'update', data: news.titles.map((title) => ({ title })) });
