/**
 * The whole published catalogue, read once per build in large pages: every title with every
 * relation, every person, the review counts and the ratings. Tens of thousands of title, cast and
 * actor pages then render from memory, with a few hundred requests in all instead of several a
 * page. A person's titles are derived here in the order the single queries give
 * (most viewed first, then by id); 'Вам может понравиться' by likeness (related.ts), computed with the
 * rows and kept with them, so an edit computes again only the lists it can change.
 */
import { ACTOR_TITLES, RELATED_TITLES } from '../constants.ts';
import { CAST_RELATIONS, PERSON_FIELDS, TITLE_CARD_FIELDS } from './fields.ts';
import type { RatingSummary, TitleCard } from './queries.ts';
import type { ActorPage, Person, Reader, TitlePage, TitleRow } from './reader.ts';
import { likenessOf, prepareRelated, relatedLists, type CoMarks, type LikenessRow, type PreparedRelated, type RelatedLists } from '../related.ts';
import { yearsByCategory } from '../filter-query.ts';
import { sharedValue } from '../shared-value.ts';

/**
 * Titles a call. Each of Directus's nested reads costs it a share of its own per call (at 10,000
 * titles, 250 a call took it 16.5 CPU seconds, 500 took 14.2, 1,000 11.6); at 100,000 titles the
 * build reading 1,000 a call peaked higher (1,938 MiB against 1,925 and 1,841 at 500), so 500 it
 * stays. A nested read names at most the call's titles or a few rows of each, far
 * below SQLite's 32,766 parameters; the segments, which would name every episode, are read apart
 * (reader.ts).
 */
export const TITLES_PER_CALL = 500;
/**
 * People a call: 5,000 took Directus 1.8 CPU seconds for 30,000 people, 1,000 a call 2.3. At most
 * MAX_READ_ROWS, the rows the backend lets one read ask for.
 */
export const ACTORS_PER_CALL = 5000;

export interface Catalogue {
  /** The titles and people whose pages this build (or this part of it) renders, whole (made as asked: for tests and tools). */
  readonly titles: TitlePage[];
  readonly actors: ActorPage[];
  /** The same titles and people as the build's paths take them: their rows are read only when a page is keyed or rendered. */
  ownTitles: OwnRow<TitleRow>[];
  ownActors: OwnRow<ActorPage>[];
  /** A title's row as its pages show it, made anew each time and kept by nobody, so pages render without every page held. */
  pageOf(title: OwnRow<TitleRow>): TitlePage;
  /** Every title (its slug and last change) and every person's slug, for the sitemap, in the catalogue's order. */
  sitemap: { titles: readonly TitleSummary[]; actors: string[] };
  /** The public rating of a title, or null when nobody rated it (as GET /site/rating answers). */
  ratingOf(titleId: number): RatingSummary;
  /** 'Вам может понравиться': the titles most like it, pinned ones first (see related.ts). */
  relatedTo(title: { id: number }, limit?: number): TitleCard[];
  /** Titles the person played in, directed or wrote, most viewed first. */
  titlesOf(actorId: number, limit?: number): TitleCard[];
  /** The release years of a category's titles, newest first (the filter screen's year options). */
  yearsOf(categorySlug: string): number[];
}

/** How many titles and people each call reads (TITLES_PER_CALL, ACTORS_PER_CALL unless told). */
export interface RowsPerCall {
  titles?: number;
  actors?: number;
}

/** Calls in flight at once: Directus answers one while the build takes in the last. */
export const PARALLEL_CALLS = 2;

/** Reads pages of `size`, a few at once, until a short one, handing each page's rows to `take` in order. */
async function readPages<T>(read: (page: number, size: number) => Promise<T[]>, size: number, take: (rows: T[]) => unknown): Promise<void> {
  for (let first = 1; ; first += PARALLEL_CALLS) {
    const batches = await Promise.all(Array.from({ length: PARALLEL_CALLS }, (_, i) => read(first + i, size)));
    for (const batch of batches) {
      // Awaited, so a slow taker (a file being written) holds the next calls back.
      await take(batch);
      if (batch.length < size) return;
    }
  }
}

/** What moves without an editor, by title id: its review count and its public rating (the rated ones alone). */
export interface CatalogueCounters {
  comments: Record<number, number>;
  ratings: Record<number, RatingSummary>;
}

/** The rows the catalogue is made of, as Directus gives them, by id. */
export interface CatalogueRows {
  titles: TitleRow[];
  actors: ActorPage[];
  /** What the titles' admirers also admire (read with the whole catalogue), and each title's related titles. */
  coMarks?: CoMarks;
  related?: RelatedLists;
  /** Read with the rows, so the next edit can tell whose counters moved; read at the catalogue's making when absent. */
  counters?: CatalogueCounters;
}

/** Ids of titles and people created, changed, published, unpublished or deleted since rows were read. */
export interface CatalogueChanges {
  titles?: number[];
  actors?: number[];
}

/** Where the rows go as they are read: a page at a time, in order within the titles and within the people. */
export interface RowSink {
  titles(rows: TitleRow[]): unknown;
  actors(rows: ActorPage[]): unknown;
}

/** What the catalogue's rows come with besides the titles and people. */
export type RowsBesides = Omit<CatalogueRows, 'titles' | 'actors'>;

/**
 * Every title and person, read in full and handed to `sink` as they come, so the reader need not
 * hold them all; answers every title's related titles, from what likeness reads of each.
 */
export async function streamCatalogueRows(
  reader: Reader, sink: RowSink, perCall: RowsPerCall = {},
): Promise<RowsBesides> {
  const likeness: LikenessRow[] = [];
  const titles = (rows: TitleRow[]) => {
    for (const row of rows) likeness.push(likenessOf(row));
    return sink.titles(rows);
  };
  const [, , coMarks, counters] = await Promise.all([
    readPages(reader.getTitleRows, perCall.titles ?? TITLES_PER_CALL, titles),
    readPages(reader.getActorPages, perCall.actors ?? ACTORS_PER_CALL, (rows) => sink.actors(rows)),
    reader.getCoMarks(),
    readCounters(reader),
  ]);
  return { coMarks, related: relatedLists(likeness, coMarks), counters };
}

/** Every title and person, read in full, with every title's related titles. */
export async function readCatalogueRows(
  reader: Reader, perCall: RowsPerCall = {},
): Promise<CatalogueRows> {
  const titles: TitleRow[] = [];
  const actors: ActorPage[] = [];
  const besides = await streamCatalogueRows(reader, { titles: (rows) => titles.push(...rows), actors: (rows) => actors.push(...rows) }, perCall);
  return { titles, actors, ...besides };
}

/** What reading the counters takes of the reader. */
export type CounterReader = Pick<Reader, 'getAllCommentCounts' | 'getRatingSummaries'>;

/** Every title's review count and rating as they are now (one call each). */
export async function readCounters(reader: CounterReader): Promise<CatalogueCounters> {
  const [comments, ratings] = await Promise.all([reader.getAllCommentCounts(), reader.getRatingSummaries()]);
  return {
    comments: Object.fromEntries(comments),
    ratings: Object.fromEntries(ratings.map(({ title, average, count }) => [title, { average, count }])),
  };
}

/**
 * What to read again after `changes`: the changed titles and people. A title's row names its people
 * by id, so a renamed person changes the pages of their titles without their rows being read again.
 */
export function rowsToReread(changes: CatalogueChanges): { titles: number[]; actors: number[] } {
  const sorted = (ids: number[] = []) => [...new Set(ids)].sort((a, b) => a - b);
  return { titles: sorted(changes.titles), actors: sorted(changes.actors) };
}

/**
 * The related titles of `rows` indexed for an edit (related.ts): the slow part of an edit's related
 * titles, which a build started ahead does while it waits to hear the edit.
 */
export function prepareEdit(rows: CatalogueRows): PreparedRelated | null {
  return rows.related ? prepareRelated(rows.titles, rows.related, rows.coMarks ?? {}) : null;
}

/**
 * The previous rows with those read again put in their place: a re-read id that came back empty
 * (deleted, unpublished) leaves, a new one joins, and the order by id holds. The related titles are
 * computed again only where the re-read titles can change them (through `prepared`, made from
 * `previous` by prepareEdit); the co-marks wait for a full read.
 */
export function mergeRows(
  previous: CatalogueRows, reread: { titles: number[]; actors: number[] }, fresh: CatalogueRows,
  prepared: PreparedRelated | null = prepareEdit(previous),
): CatalogueRows {
  const titles = mergeById(previous.titles, reread.titles, fresh.titles);
  const coMarks = previous.coMarks ?? {};
  const related = prepared ? prepared.update(fresh.titles, reread.titles) : relatedLists(titles, coMarks);
  const counters = fresh.counters ?? previous.counters;
  return { titles, actors: mergeById(previous.actors, reread.actors, fresh.actors), coMarks, related, ...(counters ? { counters } : {}) };
}

/** `old` with the rows of `ids` replaced by those of `rows` (an id `rows` lacks leaves), in order by id. */
export function mergeById<T extends { id: number }>(old: T[], ids: Iterable<number>, rows: T[]): T[] {
  const replaced = new Set(ids);
  return [...old.filter((r) => !replaced.has(r.id)), ...rows.filter((r) => replaced.has(r.id))].sort((a, b) => a.id - b.id);
}

/**
 * The titles and people of `ids` as Directus has them now (a deleted or unpublished one does not come
 * back), with every title's counters.
 */
export async function readRowsById(reader: Reader, ids: { titles: number[]; actors: number[] }): Promise<CatalogueRows> {
  const [titles, actors, counters] = await Promise.all([
    ids.titles.length ? reader.getTitleRowsById(ids.titles) : [],
    ids.actors.length ? reader.getActorPagesById(ids.actors) : [],
    readCounters(reader),
  ]);
  return { titles, actors, counters };
}

const byViews = (a: TitleCard, b: TitleCard) => (b.views ?? 0) - (a.views ?? 0) || a.id - b.id;

/** The ids of the people a title's row names: its actors, directors and screenwriters. */
export function castOf(row: Pick<TitleRow, (typeof CAST_RELATIONS)[number]>): number[] {
  const ids: number[] = [];
  for (const relation of CAST_RELATIONS) personIds(row[relation], ids);
  return ids;
}

/** Adds to `ids` the ids of the people a relation list of a row holds (plain loops: run over every title's cast per build). */
function personIds(list: TitleRow[(typeof CAST_RELATIONS)[number]], ids: number[] = []): number[] {
  for (const entry of list ?? []) {
    const person = typeof entry === 'object' && entry ? entry.actors_id : null;
    if (typeof person === 'number') ids.push(person);
  }
  return ids;
}

/** Copies `keys` of `row` into a new object. */
function picked<T extends object>(row: T, keys: readonly (keyof T)[]): Partial<T> {
  const copy: Partial<T> = {};
  for (const k of keys) copy[k] = row[k];
  return copy;
}

/** Every title and person read and made into one catalogue: a build in one part, or a tool. */
export async function loadCatalogue(
  reader: Reader, perCall: RowsPerCall = {},
): Promise<Catalogue> {
  return catalogueFrom(reader, shareOf(await readCatalogueRows(reader, perCall)));
}

/** The fields of a title its card shows elsewhere (TITLE_CARD_FIELDS' top level). */
type TopField<F> = F extends string ? F : keyof F;
type CardKey = TopField<(typeof TITLE_CARD_FIELDS)[number]> & keyof TitleRow;
const CARD_KEYS = TITLE_CARD_FIELDS.map((f) => (typeof f === 'string' ? f : Object.keys(f)[0]!)) as CardKey[];

/** What a title whose pages are rendered elsewhere is kept as: its card's fields, its people and its last change (the sitemap's). */
export type TitleSummary = Pick<TitleRow, CardKey | (typeof CAST_RELATIONS)[number] | 'date_updated'>;

/**
 * What one process of a build keeps of the rows: every title as a summary and every person as cast
 * lists show them (a card of any title, and any person, can show on its pages), and whole only the
 * titles and people whose pages it renders. Whole rows are summaries too, so a build in one part
 * keeps the rows as they are.
 */
export interface CatalogueShare {
  titles: TitleSummary[];
  people: Person[];
  ownTitles: OwnRow<TitleRow>[];
  ownActors: OwnRow<ActorPage>[];
  related: RelatedLists;
  counters?: CatalogueCounters;
}

/**
 * A row whose pages this process renders: its id and slug at hand, the whole row given when a page
 * needs it (from memory, or read again from the kept rows: catalogue-snapshot.ts).
 */
export interface OwnRow<T> {
  readonly id: number;
  readonly slug: string;
  row(): T;
}

/** A row held in memory as one's own. */
export const heldRow = <T extends { id: number; slug: string }>(row: T): OwnRow<T> => ({ id: row.id, slug: row.slug, row: () => row });

/** Every row is this process's own (a build in one part). */
const everyRow = () => true;

/**
 * A title cut down to its summary: a copy, so the whole row can go, holding one shared copy of each
 * value titles repeat (genres, country, category, status, age rating: shared-value.ts).
 */
export function summaryOf(row: TitleSummary): TitleSummary {
  return {
    id: row.id, slug: row.slug, name: row.name, description: row.description, poster: row.poster,
    releaseYear: row.releaseYear, views: row.views,
    releaseStatus: sharedValue(row.releaseStatus), ageRating: sharedValue(row.ageRating),
    genres: row.genres && row.genres.map(sharedValue), country: sharedValue(row.country), category: sharedValue(row.category),
    actors: row.actors, directors: row.directors, screenwriters: row.screenwriters, date_updated: row.date_updated,
  };
}

/** A person as cast lists show them, from their page's row. */
export const personOf = (actor: Person): Person => picked(actor, PERSON_FIELDS) as Person;

/** Where a process's own rows are read again from, when they are not held in memory (catalogue-snapshot.ts). */
export interface KeptRows {
  title(index: number, row: TitleRow): OwnRow<TitleRow>;
  actor(index: number, row: ActorPage): OwnRow<ActorPage>;
}

/**
 * The share of `rows` for a process that renders the pages of the rows `owns` says (by their place in
 * `rows`; all by default). The other rows are copied down, so the whole ones can go once `rows` does;
 * with `kept`, its own rows go too, to be read again from there.
 */
export function shareOf({ titles, actors, coMarks, related, counters }: CatalogueRows, owns: (index: number) => boolean = everyRow, kept?: KeptRows): CatalogueShare {
  const held = (index: number) => !kept && owns(index);
  return {
    titles: titles.map((t, i) => (held(i) ? t : summaryOf(t))),
    people: actors.map((a, i) => (held(i) ? a : personOf(a))),
    ownTitles: titles.flatMap((t, i) => (owns(i) ? [kept ? kept.title(i, t) : heldRow(t)] : [])),
    ownActors: actors.flatMap((a, i) => (owns(i) ? [kept ? kept.actor(i, a) : heldRow(a)] : [])),
    related: related ?? relatedLists(titles, coMarks),
    ...(counters ? { counters } : {}),
  };
}

/** A title's row as its page shows it: its people put in, one shared object each; those not read are left out. */
function titlePage(row: TitleRow, personById: (id: number) => Person | undefined): TitlePage {
  const cast = (list: TitleRow[(typeof CAST_RELATIONS)[number]]) =>
    personIds(list).flatMap((id) => { const person = personById(id); return person ? [{ actors_id: person }] : []; });
  return { ...row, actors: cast(row.actors), directors: cast(row.directors), screenwriters: cast(row.screenwriters) };
}

/** A title as other pages show it: its card fields only, so its episodes and cast are not kept for them. */
function titleCard(title: TitleSummary, comments: number): TitleCard {
  return Object.assign(picked(title, CARD_KEYS), { comments_count: comments }) as TitleCard;
}

/** The catalogue of `share`, with the review counts and ratings read now (one call each) when it has none. */
export async function catalogueFrom(reader: CounterReader, share: CatalogueShare): Promise<Catalogue> {
  const { titles, people, ownTitles, ownActors, related } = share;
  const { comments, ratings } = share.counters ?? (await readCounters(reader));

  // A card is made each time a page asks for it, and kept by nobody: a part's pages show every title's.
  const titleById = new Map(titles.map((t) => [t.id, t]));
  const cardOf = (id: number) => {
    const row = titleById.get(id);
    return row && titleCard(row, comments[id] ?? 0);
  };

  /** Person id → their titles' ids, each once (a title is met whole before the next). */
  const byPerson = new Map<number, number[]>();
  for (const t of titles) {
    for (const id of castOf(t)) {
      const list = byPerson.get(id);
      if (!list) byPerson.set(id, [t.id]);
      else if (list[list.length - 1] !== t.id) list.push(t.id);
    }
  }

  const personById = new Map(people.map((p) => [p.id, p]));
  // A person on a title's page as cast lists show them, made for the page (a whole row, held, says more).
  const castPerson = (id: number) => {
    const row = personById.get(id);
    return row && personOf(row);
  };
  const years = yearsByCategory(titles);
  const pageOf = (title: OwnRow<TitleRow>): TitlePage => titlePage(title.row(), castPerson);

  return {
    get titles() {
      return ownTitles.map(pageOf);
    },
    get actors() {
      return ownActors.map((a) => a.row());
    },
    ownTitles,
    ownActors,
    pageOf,
    sitemap: { titles, actors: people.map((a) => a.slug) },
    ratingOf: (titleId) => ratings[titleId] ?? { average: null, count: 0 },
    relatedTo: (title, limit = RELATED_TITLES) =>
      (related[title.id] ?? []).flatMap((id) => cardOf(id) ?? []).slice(0, limit),
    titlesOf(actorId, limit = ACTOR_TITLES) {
      const ids = byPerson.get(actorId);
      if (!ids) return [];
      return ids.map((id) => cardOf(id)!).sort(byViews).slice(0, limit);
    },
    yearsOf: (categorySlug) => years.get(categorySlug) ?? [],
  };
}
