/**
 * The search modal's backend, for everyone:
 * - GET /site/search?q= — published titles and people whose names (or, for titles, description)
 *   match the query as the shared plan reads it (shared/search-plan.ts): exact name, then name
 *   starting with the query, then every word in a name, then names matched by a corrected word,
 *   then the description; views break ties. Answers the cards, the people and, when a forgiving
 *   reading found something, what the query was understood as.
 * - GET /site/search/popular — 'Часто ищут:': the titles opened from search most often, filled up
 *   with the most viewed while few are.
 * - POST /site/search/opened { titleId } — a title opened from the results: counted per title, once
 *   per visitor within the view counter's window; nobody's identity is stored.
 */
import { InvalidPayloadError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Knex } from 'knex';
import type { Request, Response, Router } from 'express';
import { PERSON_FIELDS, TITLE_CARD_FIELDS } from '../../../../shared/card-fields.ts';
import { planSearch, unknownWords, type SearchPlan } from '../../../../shared/search-plan.ts';
import { POPULAR_COUNT, SEARCH_LIMIT, SEARCH_OPENS_MIN, SEARCH_PEOPLE_LIMIT, SEARCH_QUERY_MAX } from '../../../../shared/search-limits.ts';
import { titleIdOf } from '../../count-view/src/api.ts';
import { visitMemory, type VisitMemory } from '../../count-view/src/visits.ts';
import type { Accountability } from '../../shared/directus.ts';
import { SEARCHED, dialectOf, type Dialect } from './search-index.ts';
import { createVocabularyCache } from './search-vocabulary.ts';

type Caller = Request & { accountability?: Accountability | null };

const handle = (work: (req: Caller, res: Response) => Promise<void>) =>
  (req: Caller, res: Response, next: (err?: unknown) => void) => { work(req, res).catch(next); };

/** An FTS5 trigram query matches substrings of three letters or more; shorter words are left to LIKE. */
const TRIGRAM = 3;
const REPEAT_WINDOW_MS = 10 * 60 * 1000;

/** SQL over one searched table: where its name and body columns are, and how to match and rank. */
interface Target {
  from: string;
  names: string;
  body: string | null;
  /** The FTS5 table to MATCH on SQLite; null on PostgreSQL, whose trigram indexes serve LIKE. */
  fts: string | null;
}

function targetOf(dialect: Dialect, kind: 'titles' | 'actors', fullText: boolean): Target {
  const s = SEARCHED[kind];
  const alias = kind === 'titles' ? 't' : 'a';
  if (dialect === 'sqlite' && fullText) {
    return {
      // CROSS JOIN keeps the full-text table the outer loop: SQLite would otherwise walk every published
      // title and ask the index about each (150 ms instead of 4 at 10,000 titles).
      from: `"${s.fts}" CROSS JOIN "${s.table}" ${alias} ON ${alias}.id = "${s.fts}".rowid`,
      names: `"${s.fts}".names`,
      body: s.columns.body ? `"${s.fts}".body` : null,
      fts: s.fts,
    };
  }
  return {
    from: `"${s.table}" ${alias}`,
    names: `${alias}."${s.columns.names}"`,
    body: s.columns.body ? `${alias}."${s.columns.body}"` : null,
    fts: null,
  };
}

/** A word's start: names are kept as `|a b|c d|`, descriptions as ` a b c`. */
const WORD_STARTS = ['% ', '%|'];
const quote = (word: string) => `"${word.replaceAll('"', '""')}"`;

/** Positions of the query whose every alternative is long enough for a trigram index. */
const longPositions = (plan: SearchPlan) => plan.forgiving.filter((alts) => alts.every((a) => a.length >= TRIGRAM));

/** A word of `column` starting with one of `words`. */
function startsAWord(column: string, words: string[]): [string, string[]] {
  const patterns = words.flatMap((w) => WORD_STARTS.map((start) => `${start}${w}%`));
  return [`(${patterns.map(() => `${column} LIKE ?`).join(' OR ')})`, patterns];
}

/** For each position, a word of `column` starting with one of its alternatives. */
function eachOneOf(column: string, alternatives: string[][]): [string, string[]] {
  const parts = alternatives.map((alts) => startsAWord(column, alts));
  return [parts.map(([sql]) => sql).join(' AND '), parts.flatMap(([, args]) => args)];
}

/** Every one of `words` starting a word of `column`. */
const allIn = (column: string, words: string[]) => eachOneOf(column, words.map((w) => [w]));

/** The FTS5 MATCH text narrowing rows to those the LIKE conditions then decide on; null when no word is long enough. */
function ftsMatch(s: Target, plan: SearchPlan): string {
  const names = longPositions(plan).map((alts) => `names : (${alts.map(quote).join(' OR ')})`).join(' AND ');
  const bodyWords = s.body ? plan.keys.filter((k) => k.length >= TRIGRAM) : [];
  return bodyWords.length ? `(${names}) OR (${bodyWords.map((w) => `body : ${quote(w)}`).join(' AND ')})` : names;
}

/** The first key past every string starting with `prefix`, in byte order. */
const pastPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

interface Ranked {
  id: number;
  tier: number;
}

/**
 * Ids of `kind` matching `plan`, best first: 0 a name is the query, 1 a name starts with it, 2 every
 * word is in a name, 3 a name matches with corrected words, 4 the description has every word.
 */
async function ranked(db: Knex, dialect: Dialect, kind: 'titles' | 'actors', plan: SearchPlan, limit: number): Promise<Ranked[]> {
  // Only one- and two-letter words: names that start with them, through the B-tree on the column itself.
  const short = !longPositions(plan).length;
  const s = targetOf(dialect, kind, !short);
  const alias = kind === 'titles' ? 't' : 'a';
  const exact = `%|${plan.keys.join(' ')}|%`;
  const start = `%|${plan.keys.join(' ')}%`;
  const [typedSql, typedArgs] = allIn(s.names, plan.keys);
  const [forgivingSql, forgivingArgs] = eachOneOf(s.names, plan.forgiving);
  const [bodySql, bodyArgs] = s.body ? allIn(s.body, plan.keys) : ['', []];
  const tier = `CASE WHEN ${s.names} LIKE ? THEN 0 WHEN ${s.names} LIKE ? THEN 1 WHEN ${typedSql} THEN 2 WHEN ${forgivingSql} THEN 3 ELSE 4 END`;
  const tierArgs = [exact, start, ...typedArgs, ...forgivingArgs];
  const published = kind === 'titles' ? `${alias}.status = 'published'` : '1 = 1';
  const order = kind === 'titles' ? `${alias}.views DESC, ${alias}.id` : `${alias}."nameRu", ${alias}.id`;

  let where: string;
  let whereArgs: string[];
  if (short) {
    const prefix = `|${plan.keys.join(' ')}`;
    where = dialect === 'sqlite' ? `${alias}."searchNames" >= ? AND ${alias}."searchNames" < ?` : `${alias}."searchNames" LIKE ?`;
    whereArgs = dialect === 'sqlite' ? [prefix, pastPrefix(prefix)] : [`${prefix}%`];
  } else {
    where = `((${forgivingSql})${bodySql ? ` OR (${bodySql})` : ''})`;
    whereArgs = [...forgivingArgs, ...bodyArgs];
    if (s.fts) {
      where = `"${s.fts}" MATCH ? AND ${where}`;
      whereArgs = [ftsMatch(s, plan), ...whereArgs];
    }
  }
  const sql = `SELECT ${alias}.id AS id, ${tier} AS tier FROM ${s.from} WHERE ${published} AND ${where} ORDER BY tier, ${order} LIMIT ?`;
  const rows = await db.raw(sql, [...tierArgs, ...whereArgs, limit]);
  const list: { id: unknown; tier: unknown }[] = dialect === 'postgres' ? rows.rows : rows;
  return list.map((r) => ({ id: Number(r.id), tier: Number(r.tier) }));
}


/** Which of `keys` some published title's description has as a whole word: such a word is meant as typed, not as a typo of a name. */
async function inDescriptions(db: Knex, dialect: Dialect, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const key of keys) {
    const row = dialect === 'sqlite'
      ? await db.raw(`SELECT 1 AS hit FROM "titles_search" CROSS JOIN titles t ON t.id = "titles_search".rowid
          WHERE "titles_search" MATCH ? AND ("titles_search".body LIKE ? OR "titles_search".body LIKE ?) AND t.status = 'published' LIMIT 1`,
        [`body : ${quote(key)}`, `% ${key} %`, `% ${key}`])
      : (await db.raw(`SELECT 1 AS hit FROM titles WHERE ("searchBody" LIKE ? OR "searchBody" LIKE ?) AND status = 'published' LIMIT 1`, [`% ${key} %`, `% ${key}`])).rows;
    if (row.length) found.add(key);
  }
  return found;
}

/** The plain columns of a film card (shared/card-fields.ts); its genres, country and category are read beside them. */
const CARD_COLUMNS = TITLE_CARD_FIELDS.filter((f): f is Extract<(typeof TITLE_CARD_FIELDS)[number], string> => typeof f === 'string');

/**
 * The film cards of published titles `ids`, in that order, each with its number of shown reviews (a
 * deleted review kept for its replies does not count): the shape the site reads with
 * TITLE_CARD_FIELDS, in three plain queries. A card holds only what visitors read of a published
 * title; Directus's own read of a hundred cards with their relations took ~70 ms of the modal's answer.
 */
async function cardsOf(db: Knex, ids: number[]): Promise<Record<string, unknown>[]> {
  if (!ids.length) return [];
  const [rows, genres, counts] = await Promise.all([
    db('titles as t').leftJoin('countries as n', 'n.id', 't.country').leftJoin('categories as c', 'c.id', 't.category')
      .whereIn('t.id', ids).andWhere('t.status', 'published')
      .select(...CARD_COLUMNS.map((f) => `t.${f}`), { countryId: 'n.id', countryName: 'n.name', categoryId: 'c.id', categoryName: 'c.name', categorySlug: 'c.slug' }),
    db('titles_genres as j').join('genres as g', 'g.id', 'j.genres_id').whereIn('j.titles_id', ids)
      .orderBy(['j.titles_id', 'j.sort', 'j.id']).select({ title: 'j.titles_id', id: 'g.id', name: 'g.name' }),
    db('comments').whereIn('title', ids).andWhere('deleted', false).groupBy('title').select('title').count({ n: '*' }),
  ]);
  const genresOf = new Map<number, { genres_id: { id: number; name: string } }[]>();
  for (const g of genres) (genresOf.get(g.title) ?? genresOf.set(g.title, []).get(g.title)!).push({ genres_id: { id: g.id, name: g.name } });
  const reviews = new Map((counts as { title: unknown; n: unknown }[]).map((r) => [Number(r.title), Number(r.n)]));
  const byId = new Map(rows.map(({ countryId, countryName, categoryId, categoryName, categorySlug, ...t }) => [Number(t.id), {
    ...t,
    genres: genresOf.get(Number(t.id)) ?? [],
    country: countryId === null ? null : { id: countryId, name: countryName },
    category: categoryId === null ? null : { id: categoryId, name: categoryName, slug: categorySlug },
    comments_count: reviews.get(Number(t.id)) ?? 0,
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
  if (q.length > SEARCH_QUERY_MAX) throw new InvalidPayloadError({ reason: `Запрос длиннее ${SEARCH_QUERY_MAX} символов` });
  return q;
}

export function registerSearchRoutes(router: Router, context: EndpointExtensionContext): void {
  const { database, env, logger } = context;
  const dialect = dialectOf(database);
  const vocabulary = createVocabularyCache(database, context.emitter, (err) => logger.error(err));
  let opened: VisitMemory | undefined;

  router.get('/search', handle(async (req, res) => {
    const raw = queryOf(req);
    const words = await vocabulary.get();
    const plan = planSearch(raw, words, await inDescriptions(database, dialect, unknownWords(raw, words)));
    if (!plan) {
      res.json({ data: { titles: [], people: [], understood: null } });
      return;
    }
    let titles = await ranked(database, dialect, 'titles', plan, SEARCH_LIMIT);
    let people = await ranked(database, dialect, 'actors', plan, SEARCH_PEOPLE_LIMIT);
    let understood = titles.some((t) => t.tier === 3) || people.some((p) => p.tier === 3) || plan.swapped ? plan.understood : null;
    // Nothing has every word: what has fewer of them is still closer than an empty list. First without
    // the words that match nothing, then each word alone, the longest first.
    for (const fewer of fewerWords(plan)) {
      if (titles.length || people.length) break;
      titles = await ranked(database, dialect, 'titles', fewer, SEARCH_LIMIT);
      people = await ranked(database, dialect, 'actors', fewer, SEARCH_PEOPLE_LIMIT);
      understood = plan.understood;
    }
    const [titleCards, personCards] = await Promise.all([cardsOf(database, titles.map((t) => t.id)), peopleOf(database, people.map((p) => p.id))]);
    res.json({ data: { titles: titleCards, people: personCards, understood } });
  }));

  router.get('/search/popular', handle(async (_req, res) => {
    const often: number[] = await database('titles').where('status', 'published').andWhere('searchOpens', '>=', SEARCH_OPENS_MIN)
      .orderBy([{ column: 'searchOpens', order: 'desc' }, { column: 'views', order: 'desc' }, 'id']).limit(POPULAR_COUNT).pluck('id');
    // The most viewed through the index on views alone: a condition on ids would make the database sort them all.
    const viewed: number[] = often.length < POPULAR_COUNT
      ? await database('titles').where('status', 'published').orderBy([{ column: 'views', order: 'desc' }, 'id']).limit(POPULAR_COUNT).pluck('id')
      : [];
    const ids = [...new Set([...often, ...viewed].map(Number))].slice(0, POPULAR_COUNT);
    res.json({ data: await cardsOf(database, ids) });
  }));

  router.post('/search/opened', handle(async (req, res) => {
    const id = titleIdOf((req.body as { titleId?: unknown } | undefined)?.titleId);
    if (id === null) throw new InvalidPayloadError({ reason: 'titleId должен быть номером тайтла' });
    opened ??= visitMemory(env, REPEAT_WINDOW_MS);
    const who = `search:${req.accountability?.user ?? req.accountability?.ip ?? 'unknown'}:${id}`;
    if (!(await opened.firstTime(who))) {
      res.json({ data: { counted: false } });
      return;
    }
    const updated = await database('titles').where({ id, status: 'published' }).increment('searchOpens', 1);
    if (!updated) {
      await opened.forget(who);
      throw new InvalidPayloadError({ reason: 'Тайтл не найден' });
    }
    res.json({ data: { counted: true } });
  }));
}
