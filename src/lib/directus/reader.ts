/**
 * The build-time reader: one named fetcher per public read, as a visitor (no token),
 * always for published titles only. Astro pages call one reader per build; the argument-less
 * lists every page repeats (settings, banners, menu, genres, countries, tags) are asked once.
 */
import sharp from 'sharp';
import { createDirectus, customEndpoint, readItems, readSingleton, rest, withSearch, type ReadItemOutput } from '@directus/sdk';
import {
  CATEGORY_NEW_LIST, HOME_BLOCK_SIZE, PROMO_BANNER, SUBCATEGORY_BLOCK, TAG_PAGE_SIZE, UPDATES_PAGE_SIZE,
} from '../constants.ts';
import {
  ACTOR_FIELDS, BANNER_FIELDS, CATEGORY_FIELDS, COUNTRY_FIELDS, GENRE_FIELDS, PLAN_FIELDS, SHOP_FIELDS,
  PERSON_FIELDS, SEGMENT_ROW_FIELDS, STATIC_FIELDS, TAG_FIELDS, TITLE_ROW_FIELDS, TITLE_ROW_READ_FIELDS, type CAST_RELATIONS,
} from './fields.ts';
import { EPISODES_DEEP } from './signed-in-fields.ts';
import { wholeLists } from './whole-lists.ts';
import { ACTORS_PER_CALL, TITLES_PER_CALL } from './catalogue.ts';
import {
  BY_RELEASE, BY_VIEWS, addCounts, inCategory, published, withTag, readTitleCards, readTitlePage, readUpdatesPage, send as sendOnce, titleFilter,
  type Page, type SiteClient, type TitleCard, type TitleRating, type TitleSort,
} from './queries.ts';
import type { Actor, Category, Schema, ShopItem, Title } from './schema.ts';
import type { AssetPreset } from '../assets.ts';
import { once } from '../once.ts';
import { MAX_FILTER_VALUES } from '../../../shared/rules.ts';
import type { CoMarks } from '../related.ts';
import type { FormerSlug } from '../../../shared/former-slugs.ts';
import { DirectusRequestError } from './request-error.ts';
import { everyPage } from './every-page.ts';

/**
 * What the build reads of a title besides what its pages show: its last change, for the sitemap. Named
 * here rather than in fields.ts, whose lists the visitor's script carries.
 */
const BUILD_ONLY_TITLE_FIELDS = ['date_updated'] as const;
const BUILD_TITLE_FIELDS = [...TITLE_ROW_FIELDS, ...BUILD_ONLY_TITLE_FIELDS] as const;
const BUILD_TITLE_READ_FIELDS = [...TITLE_ROW_READ_FIELDS, ...BUILD_ONLY_TITLE_FIELDS] as const;

/** A title as the build reads it: its people by id (see catalogue.ts). */
export type TitleRow = ReadItemOutput<Schema, 'titles', { fields: typeof BUILD_TITLE_FIELDS }>;
export type ActorPage = ReadItemOutput<Schema, 'actors', { fields: typeof ACTOR_FIELDS }>;
/** A person as cast lists show them. */
export type Person = Pick<ActorPage, (typeof PERSON_FIELDS)[number]>;
/** A title as its pages show it: its row with its people put in. */
export type TitlePage = Omit<TitleRow, (typeof CAST_RELATIONS)[number]> & Record<(typeof CAST_RELATIONS)[number], { actors_id: Person }[]>;
export type CategoryItem = ReadItemOutput<Schema, 'categories', { fields: typeof CATEGORY_FIELDS }>;
export type { UpdateItem } from './queries.ts';

import type { UpdateItem } from './queries.ts';
import { SITE_SECRET_HEADER } from '../../../shared/secret-match.ts';

/**
 * The rows of `keys` read `perCall` keys at a time, one call after another, as the whole catalogue is
 * read: a read may not ask for more than the backend's MAX_READ_ROWS rows at once, and a
 * filter naming every episode would pass the database's count of parameters.
 */
async function inCalls<K, T>(keys: K[], perCall: number, read: (part: K[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; from < keys.length; from += perCall) rows.push(...await read(keys.slice(from, from + perCall)));
  return rows;
}

/** The largest picture a page carries inside its HTML (see `getInlinePicture`); larger ones keep their address. */
export const INLINE_PICTURE_MAX_BYTES = 16_384;

/**
 * One picture as a `data:` address. A busy backend (503, no answer, or a transform cut short, which
 * still answers 200) throws as busy, to be tried again; what is no image or too large is null.
 */
async function readPicture(address: string): Promise<string | null> {
  let res: Response;
  try {
    res = await fetchPaced(address);
  } catch (err) {
    throw new DirectusRequestError(`no answer: ${err instanceof Error ? err.message : String(err)}`, null);
  }
  if (res.status === 503) throw new DirectusRequestError('busy', 503);
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || !type.startsWith('image/')) return null;
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > INLINE_PICTURE_MAX_BYTES) return null;
  try {
    await sharp(bytes, { failOn: 'truncated' }).toBuffer();
  } catch {
    throw new DirectusRequestError('picture cut short', null);
  }
  return `data:${type.split(';')[0]};base64,${bytes.toString('base64')}`;
}

/** Tries of a read before the build fails. */
const READ_TRIES = 6;

/**
 * `read()`, tried again after a pause while Directus answers 503 (busy: its pressure limiter) or
 * does not answer at all (a connection it closed as the call went out, or a call queued too long):
 * every read here is idempotent, and a busy machine must not fail a build. A 429 is waited out by the
 * call itself (pacedFetch), where its Retry-After is read.
 */
async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      const busy = err instanceof DirectusRequestError && (err.status === 503 || err.status === null);
      if (!busy || attempt >= READ_TRIES) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }
}

const send: typeof sendOnce = (client, command, what) => withRetries(() => sendOnce(client, command, what));

/** Tries of a call Directus refuses for its address's rate (429) before the build fails on it. */
export const LIMITED_TRIES = 6;
/** The longest pause before another try, whatever Retry-After asks. */
export const LIMITED_PAUSE_MAX_MS = 10_000;

/**
 * How long to wait before trying again after the `attempt`-th 429: what its Retry-After asks (seconds,
 * or a date) when that is longer than 250 ms doubled each try (Directus rounds what is left of its
 * second, so it often says 0).
 */
export function pauseAfterLimit(retryAfter: string | null, attempt: number, now = Date.now()): number {
  const seconds = retryAfter === null || retryAfter.trim() === '' ? Number.NaN : Number(retryAfter);
  const asked = Number.isFinite(seconds) ? seconds * 1000 : retryAfter ? Date.parse(retryAfter) - now : 0;
  return Math.min(LIMITED_PAUSE_MAX_MS, Math.max(250 * 2 ** attempt, Number.isFinite(asked) ? asked : 0));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `fetch`, sent again while Directus answers 429, after the pause it asks for, at most LIMITED_TRIES
 * times. The build reads from the address of the server it runs beside, which other callers from there
 * can use up for a second; every call the build makes is a read, given as an address and options, so
 * it can go again.
 */
export function pacedFetch(send: typeof fetch = (input, init) => fetch(input, init), wait: (ms: number) => Promise<void> = sleep): typeof fetch {
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      const res = await send(input, init);
      if (res.status !== 429 || attempt >= LIMITED_TRIES) return res;
      await res.body?.cancel();
      await wait(pauseAfterLimit(res.headers.get('retry-after'), attempt));
    }
  };
}

const fetchPaced = pacedFetch();

/**
 * A Directus REST client without a token, for the build, whose calls wait out Directus's rate limit
 * (pacedFetch). They wait for `ready` when given (a build started ahead reads nothing until it is
 * told what changed).
 */
export function createBuildClient(url: string, ready?: () => Promise<unknown>): SiteClient {
  const paced: typeof fetch = ready ? async (input, init) => (await ready(), fetchPaced(input, init)) : fetchPaced;
  return createDirectus<Schema>(url, { globals: { fetch: paced } }).with(rest());
}

/** A title as Directus answers the build, before its segments are put in. */
type TitleRowRead = ReadItemOutput<Schema, 'titles', { fields: typeof BUILD_TITLE_READ_FIELDS }>;
type SegmentRow = ReadItemOutput<Schema, 'segments', { fields: typeof SEGMENT_ROW_FIELDS }>;
type Segment = Extract<NonNullable<EpisodeRow['segments']>[number], object>;

/**
 * Episodes and seasons whose segments one call reads: named in the query's body (a SEARCH), so the
 * address stays short, as many as a read's filters may name.
 */
export const SEGMENT_OWNERS_PER_CALL = MAX_FILTER_VALUES;

/** Segments by the id of the episode (or season) they are on, in the order read (an owner's all come in one call, by id). */
function segmentsBy(rows: SegmentRow[], owner: 'episode' | 'season'): Map<number, Segment[]> {
  const by = new Map<number, Segment[]>();
  for (const { episode, season, ...segment } of rows) {
    const id = owner === 'episode' ? episode : season;
    if (typeof id !== 'number') continue;
    const list = by.get(id);
    if (list) list.push(segment);
    else by.set(id, [segment]);
  }
  return by;
}

const idsOf = (list: readonly unknown[] | null | undefined): number[] =>
  (list ?? []).flatMap((row) => (typeof row === 'object' && row && 'id' in row && typeof row.id === 'number' ? [row.id] : []));

/**
 * The titles with the segments of their episodes and seasons put in, as Directus nests them (by id),
 * read apart: the visitor's own permissions decide which, as they do nested.
 */
async function withSegments(client: SiteClient, titles: TitleRowRead[], what: string, perCall: number): Promise<TitleRow[]> {
  const owners = [
    ...titles.flatMap((t) => idsOf(t.series)).map((id) => ({ episode: id })),
    ...titles.flatMap((t) => idsOf(t.iframeSeasons)).map((id) => ({ season: id })),
  ];
  const rows: SegmentRow[] = await inCalls(owners, perCall, (part) => {
    const episodes = part.flatMap((o) => ('episode' in o ? [o.episode] : []));
    const seasons = part.flatMap((o) => ('season' in o ? [o.season] : []));
    // Only the sides that name any: the call's filter names no more ids than it has owners.
    const sides = [...(episodes.length ? [{ episode: { _in: episodes } }] : []), ...(seasons.length ? [{ season: { _in: seasons } }] : [])];
    return everyPage((at) => send(client, withSearch(readItems('segments', {
      fields: SEGMENT_ROW_FIELDS,
      filter: { _or: sides },
      sort: ['id'],
      ...at,
    })), `segments of ${what}`));
  });
  const ofEpisode = segmentsBy(rows, 'episode');
  const ofSeason = segmentsBy(rows, 'season');
  // Spread, then set: the episodes and seasons keep their place among the title's fields.
  return titles.map((title) => ({
    ...title,
    series: title.series && title.series.map((e) => ({ ...e, segments: ofEpisode.get(e.id) ?? [] })),
    iframeSeasons: title.iframeSeasons && title.iframeSeasons.map((s) => ({ ...s, segments: ofSeason.get(s.id) ?? [] })),
  }));
}

/** An episode kept for subscribers, what everyone may know of it (`GET /payment/kept-episodes`). */
interface KeptRow { id: number; title: number; name: string; sort: number | null; season: number | null }
type EpisodeRow = Extract<NonNullable<TitleRow['series']>[number], object>;

/**
 * The titles with their episodes kept for subscribers put in after the others, without a source:
 * the page shows them locked to everyone and playable to subscribers, who read the sources themselves.
 */
async function withKeptEpisodes(client: SiteClient, titles: TitleRow[], what: string): Promise<TitleRow[]> {
  if (!titles.length) return titles;
  const kept = await send(client, customEndpoint<KeptRow[]>({
    path: `/payment/kept-episodes?titles=${titles.map((t) => t.id).join(',')}`, method: 'GET',
  }), `kept episodes of ${what}`);
  if (!kept.length) return titles;
  const byTitle = new Map<number, EpisodeRow[]>();
  for (const k of kept) {
    const episode: EpisodeRow = { id: k.id, title: k.title, name: k.name, sort: k.sort, season: k.season, source: null, iframe: null, video: null, deleted: true, takenDown: false, duration: null, segments: [] };
    byTitle.set(k.title, [...(byTitle.get(k.title) ?? []), episode]);
  }
  // After the title's own episodes, in their order (the player lists them apart).
  return titles.map((t) => {
    const more = byTitle.get(t.id);
    return more ? { ...t, series: [...((t.series ?? []) as EpisodeRow[]), ...more] } : t;
  });
}

/**
 * `siteSecret`: what the backend knows the site by (SITE_REBUILD_SECRET), for the reads only the site's
 * build may make; without it they answer nothing.
 */
export function createReader(url: string, o: { ready?: () => Promise<unknown>; segmentOwnersPerCall?: number; rowsByIdPerCall?: number; siteSecret?: string } = {}) {
  const client = createBuildClient(url, o.ready);

  const cards = (filter: Parameters<typeof published>, sort: TitleSort[], limit: number, offset = 0) =>
    withRetries(() => readTitleCards(client, { filter: published(...filter), sort, limit, offset }));

  const titlePages = async (filter: Parameters<typeof titleFilter>[0], at: { limit: number; page?: number }, what: string) => {
    const titles = await send(client, readItems('titles', {
      fields: BUILD_TITLE_READ_FIELDS,
      filter: titleFilter(filter),
      deep: wholeLists<Title>(BUILD_TITLE_READ_FIELDS, { ...EPISODES_DEEP, soundtracks: { _sort: ['id'] } }),
      sort: ['id'],
      ...at,
    }), what);
    // The SDK widens the output when `deep` is given; the fields decide the shape.
    return withKeptEpisodes(client, await withSegments(client, titles as TitleRowRead[], what, o.segmentOwnersPerCall ?? SEGMENT_OWNERS_PER_CALL), what);
  };

  const actorPages = (at: { limit: number; page?: number; filter?: { id: { _in: number[] } } }, what: string) =>
    send(client, readItems('actors', {
      fields: ACTOR_FIELDS, sort: ['id'], deep: wholeLists<Actor>(ACTOR_FIELDS), ...at,
    }), what) as Promise<ActorPage[]>;

  return {
    client,

    /** Social links and the static pages' images and texts (the `static` singleton). */
    getStatic: once(() => send(client, readSingleton('static', { fields: STATIC_FIELDS }), 'static settings')),

    /**
     * A picture as a `data:` address, for the one picture a page paints first (home's first banner):
     * inside the HTML it is there for the first paint, with no request of its own queued behind the
     * page's others at the backend. Null when it cannot be read, is not an image, or is larger than
     * INLINE_PICTURE_MAX_BYTES: the page then names its address as before.
     */
    async getInlinePicture(fileId: string, preset: AssetPreset): Promise<string | null> {
      const address = `${url.replace(/\/$/, '')}/assets/${encodeURIComponent(fileId)}?key=${preset}`;
      try {
        await o.ready?.();
        return await withRetries(() => readPicture(address));
      } catch (err) {
        console.warn(`[build] picture ${fileId} stays an address: ${err instanceof Error ? err.message : String(err)}`);
        return null;
      }
    },

    /** Home banners, by priority. */
    getBanners: once(() => everyPage((at) => send(client, readItems('mainBanners', {
      fields: BANNER_FIELDS, sort: ['priority', 'id'], ...at,
    }), 'banners'))),

    /** Categories that have at least one subcategory, by name, subcategories in their set order. */
    getCategories: once(() => everyPage((at) => send(client, readItems('categories', {
      fields: CATEGORY_FIELDS,
      filter: { subCategories: { _some: { id: { _nnull: true } } } },
      sort: ['name', 'id'],
      deep: wholeLists<Category>(CATEGORY_FIELDS, { subCategories: { _sort: ['sort', 'name'] } }),
      ...at,
    }), 'categories'))),

    getGenres: once(() => everyPage((at) => send(client, readItems('genres', { fields: GENRE_FIELDS, sort: ['name', 'id'], ...at }), 'genres'))),
    getCountries: once(() => everyPage((at) => send(client, readItems('countries', { fields: COUNTRY_FIELDS, sort: ['name', 'id'], ...at }), 'countries'))),
    getTags: once(() => everyPage((at) => send(client, readItems('tags', { fields: TAG_FIELDS, sort: ['name', 'id'], ...at }), 'tags'))),

    async getTagBySlug(slug: string) {
      const [tag] = await send(client, readItems('tags', { fields: TAG_FIELDS, filter: { slug: { _eq: slug } }, limit: 1 }), `tag ${slug}`);
      return tag ?? null;
    },

    /** A home block: the category's most viewed titles. */
    getHomeBlock: (categorySlug: string, limit: number = HOME_BLOCK_SIZE): Promise<TitleCard[]> =>
      cards([inCategory(categorySlug)], BY_VIEWS, limit),

    /**
     * Page `page` (from 1) of the published titles with every relation (people by id), all episodes included, by
     * id: the build reads the whole catalogue this way, a few hundred titles a call.
     */
    getTitleRows: (page: number, limit: number): Promise<TitleRow[]> =>
      titlePages(published(), { limit, page }, `titles, page ${page}`),

    /** The published titles among `ids`, with every relation (an incremental build re-reads only these). */
    getTitleRowsById: (ids: number[]): Promise<TitleRow[]> =>
      inCalls(ids, o.rowsByIdPerCall ?? TITLES_PER_CALL, (part) => titlePages(published({ id: { _in: part } }), { limit: part.length }, `titles ${part.length} by id`)),

    getTitlesByCategory: (slug: string, o: { sort?: TitleSort[]; limit: number; offset?: number }) =>
      cards([inCategory(slug)], o.sort ?? BY_VIEWS, o.limit, o.offset),

    /** 'Новинки' of the category page: newest by release (see BY_RELEASE). */
    getNewest: (categorySlug: string, limit: number = CATEGORY_NEW_LIST, offset = 0) =>
      cards([inCategory(categorySlug)], BY_RELEASE, limit, offset),

    getSubcategoryBlock: (subSlug: string, limit: number = SUBCATEGORY_BLOCK) =>
      cards([{ subCategory: { slug: { _eq: subSlug } } }], BY_VIEWS, limit),

    /** The category page's banner: promo titles of the category. */
    getPromo: (categorySlug: string, limit: number = PROMO_BANNER) =>
      cards([inCategory(categorySlug), { promo: { _eq: true } }], BY_VIEWS, limit),

    /** Page `page` (from 1) of every person with their photos, by id. */
    getActorPages: (page: number, limit: number): Promise<ActorPage[]> => actorPages({ limit, page }, `actors, page ${page}`),

    /** The people among `ids` (an incremental build re-reads only these). */
    getActorPagesById: (ids: number[]): Promise<ActorPage[]> =>
      inCalls(ids, o.rowsByIdPerCall ?? ACTORS_PER_CALL, (part) => actorPages({ limit: part.length, filter: { id: { _in: part } } }, `actors ${part.length} by id`)),

    getTitlesByTag: (tagId: number, o: { limit?: number; offset?: number } = {}) =>
      cards([withTag(tagId)], BY_VIEWS, o.limit ?? TAG_PAGE_SIZE, o.offset),

    /** Episode updates of published titles, newest first, with the total for 'show more'. */
    getUpdates: (page = 1, limit: number = UPDATES_PAGE_SIZE): Promise<Page<UpdateItem>> => withRetries(() => readUpdatesPage(client, page, limit)),

    /** The first page of a list whose next pages load in the browser (see LIST_QUERIES). */
    getListPage: (q: { filter: Parameters<typeof titleFilter>[0]; sort: TitleSort[]; pageSize: number }, page = 1) =>
      withRetries(() => readTitlePage(client, { ...q, page })),

    /** The reviews and replies every published title with any shows (GET /site/comment-counts). */
    getAllCommentCounts: async () => addCounts(new Map(),
      await send(client, customEndpoint<unknown[]>({ path: '/site/comment-counts', method: 'GET' }), 'comment counts'), () => true),

    /** The former slugs that lead somewhere, each with the slug its row has now (GET /site/former-slugs). */
    getFormerSlugs: once(() => send(client, customEndpoint<FormerSlug[]>({ path: '/site/former-slugs', method: 'GET' }), 'former slugs')),

    /** The average and number of ratings of every rated published title (GET /site/ratings). */
    getRatingSummaries: () =>
      send(client, customEndpoint<TitleRating[]>({ path: '/site/ratings', method: 'GET' }), 'ratings'),

    /** For each title, what its admirers also admire, once enough do (GET /site/co-marks, the site's alone). */
    getCoMarks: async (): Promise<CoMarks> => (o.siteSecret
      ? send(client, customEndpoint<CoMarks>({ path: '/site/co-marks', method: 'GET', headers: { [SITE_SECRET_HEADER]: o.siteSecret } }), 'co-marks')
      : {}),

    /** Customisation items of the shop, all or of one type, in their set order. */
    getShop: (type?: ShopItem['type']) => everyPage((at) => send(client, readItems('shop', {
      fields: SHOP_FIELDS,
      filter: { status: { _eq: 'published' }, ...(type ? { type: { _eq: type } } : {}) },
      sort: ['sort', 'id'],
      ...at,
    }), 'shop')),

    getPlans: once(() => everyPage((at) => send(client, readItems('plans', { fields: PLAN_FIELDS, sort: ['id'], ...at }), 'plans'))),
  };
}

export type Reader = ReturnType<typeof createReader>;
