/**
 * The search modal's answers, for everyone:
 * - GET /site/search?q= — published titles and people whose names (or, for titles, description)
 *   match the query as the shared plan reads it (shared/search-plan.ts): exact name, then name
 *   starting with the query, then every word in a name, then names matched by a corrected word,
 *   then the description; views break ties. Answers the cards, the people and, when a forgiving
 *   reading found something, what the query was understood as.
 * - GET /site/search/popular — 'Часто ищут:': the titles opened from search most often, filled up
 *   with the most viewed while few are.
 * - POST /site/search/opened { titleId } — a title opened from the results: counted per title, once
 *   a day per address and account; nobody's identity is stored.
 */
import { InvalidPayloadError } from '@directus/errors';
import type { Knex } from 'knex';
import type { RequestHandler } from 'express';
import { PERSON_FIELDS, TITLE_CARD_FIELDS } from '../../../../shared/card-fields.ts';
import { planSearch, unknownWords, type SearchPlan } from '../../../../shared/search-plan.ts';
import { POPULAR_COUNT, QUERY_TOO_LONG, SEARCH_LIMIT, SEARCH_OPENS_MIN, SEARCH_PEOPLE_LIMIT, SEARCH_QUERY_MAX } from '../../../../shared/search-limits.ts';
import { titleIdOf } from '../../count-view/src/api.ts';
import { visitMemory, type VisitMemory } from '../../count-view/src/visits.ts';
import { TITLE_ID_INVALID, TITLE_NOT_FOUND, shownComments } from '../../shared/catalogue.ts';
import { dialectOf, type Dialect } from './search-index.ts';
import { ftsPhrase, ranked } from './ranked.ts';
import type { VocabularyCache } from './vocabulary.ts';
import { addressKey } from '../../../../shared/address-key.ts';
import { type Caller, handle } from '../../shared/route-handler.ts';


/**
 * A person (or an address) counts once a day a title in «Часто ищут»: eight titles everyone sees,
 * from a count that a script opening a title every ten minutes moved 144 times a day.
 */
const OPENED_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Which of `keys` some published title's description has as a whole word: such a word is meant as typed, not as a typo of a name. */
async function inDescriptions(db: Knex, dialect: Dialect, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const key of keys) {
    const row = dialect === 'sqlite'
      ? await db.raw(`SELECT 1 AS hit FROM "titles_search" CROSS JOIN titles t ON t.id = "titles_search".rowid
          WHERE "titles_search" MATCH ? AND ("titles_search".body LIKE ? OR "titles_search".body LIKE ?) AND t.status = 'published' LIMIT 1`,
        [`body : ${ftsPhrase(key)}`, `% ${key} %`, `% ${key}`])
      // The matches made apart first: with LIMIT 1 the planner expects an early hit and reads every description.
      : (await db.raw(`WITH matching AS MATERIALIZED (SELECT status FROM titles WHERE "searchBody" LIKE ? OR "searchBody" LIKE ?)
          SELECT 1 AS hit FROM matching WHERE status = 'published' LIMIT 1`, [`% ${key} %`, `% ${key}`])).rows;
    if (row.length) found.add(key);
  }
  return found;
}

/** The plain columns of a film card (shared/card-fields.ts); its genres, country and category are read beside them. */
const CARD_COLUMNS = TITLE_CARD_FIELDS.filter((f): f is Extract<(typeof TITLE_CARD_FIELDS)[number], string> => typeof f === 'string');

/** A card's plain columns, with its country and category flat. */
type PlainRow = Record<string, unknown> & {
  id: unknown;
  countryId: unknown;
  countryName: unknown;
  categoryId: unknown;
  categoryName: unknown;
  categorySlug: unknown;
};
/** A card's row: its plain columns, its genres in order, its shown reviews. */
type CardRow = PlainRow & { genres: { id: number; name: string }[]; reviews: unknown };

/** A card's plain columns and its country and category, read from `titles t` joined with PLACES. */
const CARD_SELECT = `${CARD_COLUMNS.map((f) => `t."${f}"`).join(', ')},
  n.id AS "countryId", n.name AS "countryName", c.id AS "categoryId", c.name AS "categoryName", c.slug AS "categorySlug"`;
const PLACES = 'LEFT JOIN countries n ON n.id = t.country LEFT JOIN categories c ON c.id = t.category';

/**
 * SQLite: one statement, each card's genres gathered as JSON and its reviews counted beside. Its one
 * connection runs statements one after another: three took 3.6–4.2 ms for 100 cards, this 2.2–2.7.
 */
async function sqliteCardRows(db: Knex, ids: number[]): Promise<CardRow[]> {
  const rows: (PlainRow & { genres: string; reviews: unknown })[] = await db.raw(
    `SELECT ${CARD_SELECT},
      (SELECT json_group_array(json_object('id', g.id, 'name', g.name)) FROM (
        SELECT g.id, g.name FROM titles_genres j JOIN genres g ON g.id = j.genres_id WHERE j.titles_id = t.id ORDER BY j.sort, j.id) g) AS genres,
      (SELECT count(*) FROM comments m WHERE m.title = t.id AND m.deleted = 0) AS reviews
    FROM titles t ${PLACES} WHERE t.id IN (${ids.map(() => '?').join(', ')}) AND t.status = 'published'`, ids);
  return rows.map((r) => ({ ...r, genres: JSON.parse(r.genres) }));
}

/** PostgreSQL: three plain statements, each on a connection of its own (counting within the rows' statement was slower). */
async function postgresCardRows(db: Knex, ids: number[]): Promise<CardRow[]> {
  const [rows, genres, counts] = await Promise.all([
    db.raw(`SELECT ${CARD_SELECT} FROM titles t ${PLACES}
      WHERE t.id = ANY(?) AND t.status = 'published'`, [ids]),
    db('titles_genres as j').join('genres as g', 'g.id', 'j.genres_id').whereIn('j.titles_id', ids)
      .orderBy(['j.titles_id', 'j.sort', 'j.id']).select({ title: 'j.titles_id', id: 'g.id', name: 'g.name' }),
    shownComments(db).whereIn('title', ids).groupBy('title').select('title').count({ n: '*' }),
  ]);
  const genresOf = new Map<number, CardRow['genres']>();
  for (const g of genres) (genresOf.get(g.title) ?? genresOf.set(g.title, []).get(g.title)!).push({ id: g.id, name: g.name });
  const reviews = new Map((counts as { title: unknown; n: unknown }[]).map((r) => [Number(r.title), Number(r.n)]));
  return (rows.rows as PlainRow[]).map((r) => ({ ...r, genres: genresOf.get(Number(r.id)) ?? [], reviews: reviews.get(Number(r.id)) ?? 0 }));
}

/**
 * The film cards of published titles `ids`, in that order, each with its number of shown reviews (a
 * deleted review kept for its replies does not count): the shape the site reads with
 * TITLE_CARD_FIELDS. A card holds only what visitors read of a published title; Directus's own read
 * of a hundred cards with their relations took ~70 ms of the modal's answer.
 */
async function cardsOf(db: Knex, dialect: Dialect, ids: number[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const rows = dialect === 'sqlite' ? await sqliteCardRows(db, ids) : await postgresCardRows(db, ids);
  const byId = new Map(rows.map(({ countryId, countryName, categoryId, categoryName, categorySlug, genres, reviews, ...t }) => [Number(t.id), {
    ...t,
    genres: genres.map((genre) => ({ genres_id: genre })),
    country: countryId === null ? null : { id: countryId, name: countryName },
    category: categoryId === null ? null : { id: categoryId, name: categoryName, slug: categorySlug },
    comments_count: Number(reviews),
  }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** People `ids` as lists show them (shared/card-fields.ts), in that order. */
async function peopleOf(db: Knex, ids: number[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const rows = await db('actors').whereIn('id', ids).select(...PERSON_FIELDS);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Smaller plans to fall back on, in order (see the search route). */
function fewerWords(plan: SearchPlan): SearchPlan[] {
  const single = plan.keys.length > 1
    ? plan.keys.map((key, i) => ({ ...plan, keys: [key], forgiving: [plan.forgiving[i]!], loose: null })).sort((a, b) => b.keys[0]!.length - a.keys[0]!.length)
    : [];
  return [...(plan.loose ? [{ ...plan, ...plan.loose, loose: null }] : []), ...single];
}

function queryOf(req: Caller): string {
  const q = req.query.q;
  if (typeof q !== 'string') throw new InvalidPayloadError({ reason: 'Укажите запрос в параметре q' });
  if (q.length > SEARCH_QUERY_MAX) throw new InvalidPayloadError({ reason: QUERY_TOO_LONG });
  return q;
}

/** GET /site/search and /site/search/popular: public, they read only published titles and people. */
export function searchReads(database: Knex, vocabulary: VocabularyCache): { search: RequestHandler; popular: RequestHandler } {
  const dialect = dialectOf(database);
  return {
    search: handle(async (req, res) => {
      const raw = queryOf(req);
      const words = await vocabulary.get();
      const plan = planSearch(raw, words, await inDescriptions(database, dialect, unknownWords(raw, words)));
      if (!plan) {
        res.json({ data: { titles: [], people: [], understood: null } });
        return;
      }
      // Titles and people at once: on PostgreSQL each takes a connection of its own.
      const titleCount = vocabulary.titles();
      const both = (p: SearchPlan) => Promise.all([
        ranked(database, dialect, 'titles', p, SEARCH_LIMIT, titleCount), ranked(database, dialect, 'actors', p, SEARCH_PEOPLE_LIMIT, titleCount),
      ]);
      let [titles, people] = await both(plan);
      let understood = titles.some((t) => t.tier === 3) || people.some((p) => p.tier === 3) || plan.swapped ? plan.understood : null;
      // Nothing has every word: what has fewer of them is still closer than an empty list. First without
      // the words that match nothing, then each word alone, the longest first.
      for (const fewer of fewerWords(plan)) {
        if (titles.length || people.length) break;
        [titles, people] = await both(fewer);
        understood = plan.understood;
      }
      const [titleCards, personCards] = await Promise.all([cardsOf(database, dialect, titles.map((t) => t.id)), peopleOf(database, people.map((p) => p.id))]);
      res.json({ data: { titles: titleCards, people: personCards, understood } });
    }),

    popular: handle(async (_req, res) => {
      const often: number[] = await database('titles').where('status', 'published').andWhere('searchOpens', '>=', SEARCH_OPENS_MIN)
        .orderBy([{ column: 'searchOpens', order: 'desc' }, { column: 'views', order: 'desc' }, 'id']).limit(POPULAR_COUNT).pluck('id');
      // The most viewed through the index on views alone: a condition on ids would make the database sort them all.
      const viewed: number[] = often.length < POPULAR_COUNT
        ? await database('titles').where('status', 'published').orderBy([{ column: 'views', order: 'desc' }, 'id']).limit(POPULAR_COUNT).pluck('id')
        : [];
      const ids = [...new Set([...often, ...viewed].map(Number))].slice(0, POPULAR_COUNT);
      res.json({ data: await cardsOf(database, dialect, ids) });
    }),
  };
}

/**
 * POST /site/search/opened: counted once a day per title for each address and each account: an opening
 * counts when neither its address nor its account (when signed in) counted one that day, so new accounts
 * from one address do not lift a title into 'Часто ищут:'.
 */
export function searchOpened(database: Knex, env: Record<string, unknown>): RequestHandler {
  let opened: VisitMemory | undefined;
  return handle(async (req: Caller, res) => {
    const id = titleIdOf((req.body as { titleId?: unknown } | undefined)?.titleId);
    if (id === null) throw new InvalidPayloadError({ reason: TITLE_ID_INVALID });
    const memory = (opened ??= visitMemory(env, OPENED_WINDOW_MS));
    const user = req.accountability?.user;
    const who = [`search:address:${addressKey(req.accountability?.ip)}:${id}`, ...(user ? [`search:account:${user}:${id}`] : [])];
    const fresh = await Promise.all(who.map((key) => memory.firstTime(key)));
    const forgetFresh = () => Promise.all(who.filter((_, i) => fresh[i]).map((key) => memory.forget(key)));
    if (!fresh.every(Boolean)) {
      // Left for someone else at this address, or this account elsewhere, who has not counted one.
      await forgetFresh();
      res.json({ data: { counted: false } });
      return;
    }
    const updated = await database('titles').where({ id, status: 'published' }).increment('searchOpens', 1);
    if (!updated) {
      await forgetFresh();
      throw new InvalidPayloadError({ reason: TITLE_NOT_FOUND });
    }
    res.json({ data: { counted: true } });
  });
}
