/**
 * The whole published catalogue, read once per build in large pages: every title with every
 * relation, every person, the review counts and the ratings. Tens of thousands of title, cast and
 * actor pages then render from memory, with a few hundred requests in all instead of several a
 * page. The per-page lists (related titles, a person's titles) are derived here in the order the
 * single queries of spec section 7 give: most viewed first, then by id.
 */
import { ACTOR_TITLES, RELATED_TITLES } from '../constants.ts';
import type { RatingSummary, TitleCard } from './queries.ts';
import type { ActorPage, Reader, TitlePage } from './reader.ts';

/** Titles a call: large enough for few calls, small enough for a quick answer with every episode. */
export const TITLES_PER_CALL = 250;
export const ACTORS_PER_CALL = 1000;

export interface Catalogue {
  titles: TitlePage[];
  actors: ActorPage[];
  /** The public rating of a title, or null when nobody rated it (as GET /site/rating answers). */
  ratingOf(titleId: number): RatingSummary;
  /** 'Вам может понравиться': the most viewed other titles of the same category. */
  relatedTo(title: TitlePage, limit?: number): TitleCard[];
  /** Titles the person played in, directed or wrote, most viewed first. */
  titlesOf(actorId: number, limit?: number): TitleCard[];
}

/** Reads pages of `size` until a short one: the rows of every page, in order. */
async function readAll<T>(read: (page: number, size: number) => Promise<T[]>, size: number): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const batch = await read(page, size);
    rows.push(...batch);
    if (batch.length < size) return rows;
  }
}

const byViews = (a: TitleCard, b: TitleCard) => (b.views ?? 0) - (a.views ?? 0) || a.id - b.id;

/** The ids of the people a relation list holds (cast, directors, writers). */
function personIds(list: TitlePage['actors']): number[] {
  return (list ?? []).flatMap((entry) => {
    const person = typeof entry === 'object' && entry ? entry.actors_id : null;
    return typeof person === 'object' && person ? [person.id] : [];
  });
}

export async function loadCatalogue(
  reader: Reader, perCall: { titles?: number; actors?: number } = {},
): Promise<Catalogue> {
  const [titles, actors, comments, ratings] = await Promise.all([
    readAll(reader.getTitlePages, perCall.titles ?? TITLES_PER_CALL),
    readAll(reader.getActorPages, perCall.actors ?? ACTORS_PER_CALL),
    reader.getAllCommentCounts(),
    reader.getRatingSummaries(),
  ]);

  const cards = new Map<number, TitleCard>();
  for (const t of titles) cards.set(t.id, { ...t, comments_count: comments.get(t.id) ?? 0 } as TitleCard);
  const everyCard = [...cards.values()].sort(byViews);

  const inCategory = new Map<string, TitleCard[]>();
  for (const card of everyCard) {
    const slug = typeof card.category === 'object' && card.category ? card.category.slug : null;
    if (!slug) continue;
    if (!inCategory.has(slug)) inCategory.set(slug, []);
    inCategory.get(slug)!.push(card);
  }

  const byPerson = new Map<number, Set<number>>();
  for (const t of titles) {
    for (const id of [...personIds(t.actors), ...personIds(t.directors), ...personIds(t.screenwriters)]) {
      byPerson.set(id, (byPerson.get(id) ?? new Set()).add(t.id));
    }
  }

  const summaries = new Map(ratings.map(({ title, average, count }) => [title, { average, count }]));

  return {
    titles,
    actors,
    ratingOf: (titleId) => summaries.get(titleId) ?? { average: null, count: 0 },
    relatedTo(title, limit = RELATED_TITLES) {
      const slug = typeof title.category === 'object' && title.category ? title.category.slug : null;
      const pool = slug ? inCategory.get(slug) ?? [] : everyCard;
      const out: TitleCard[] = [];
      for (const card of pool) {
        if (out.length >= limit) break;
        if (card.id !== title.id) out.push(card);
      }
      return out;
    },
    titlesOf(actorId, limit = ACTOR_TITLES) {
      const ids = byPerson.get(actorId);
      if (!ids) return [];
      return [...ids].map((id) => cards.get(id)!).sort(byViews).slice(0, limit);
    },
  };
}
