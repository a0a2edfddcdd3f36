/**
 * What islands ask of Directus as everyone may: one named helper per runtime call, on
 * the page's one client. The base URL can be given so the same helpers run against any Directus
 * (the API tests pass the test server's address).
 */
import { createItem, customEndpoint, type RestCommand } from '@directus/sdk';
import { alphabetPrefix } from '../alphabet.ts';
import {
  ALPHABET_PAGE_SIZE, CATEGORY_NEW_PAGE, TAG_PAGE_SIZE, UPDATES_PAGE_SIZE,
} from '../constants.ts';
import { once } from '../once.ts';
import { searchQuery } from '../search.ts';
import { createSiteClient, pageClient } from './client.ts';
import { countView } from './view-count.ts';
import { PERSON_FIELDS } from './fields.ts';
import {
  BY_RELEASE, BY_VIEWS, inCategory, namePrefix, published, readTitleCards, readTitlePage, readUpdatesPage, send, withTag,
  type Page, type RatingSummary, type TitleCard,
} from './queries.ts';
import type { Schema } from './schema.ts';

export type { RatingSummary };

/** A person as the search lists them. */
export type PersonCard = Pick<Schema['actors'][number], (typeof PERSON_FIELDS)[number]>;

/** What a search answers (GET /site/search). */
export interface SearchAnswer {
  titles: TitleCard[];
  people: PersonCard[];
  /** The query as it was understood, when that differs from what was typed and found something. */
  understood: string | null;
}

export interface SupportRequestInput {
  name: string;
  email: string;
  topic: string;
  message: string;
}

export function createRuntime(base?: string) {
  const client = base ? createSiteClient(base) : pageClient();

  return {
    client,

    /**
     * The search modal (GET /site/search): titles and people found by name however it was typed
     * (layout, transliteration, typos), titles also by description; best first, and what the query
     * was understood as when a forgiving reading found them. Nothing is asked for an empty box.
     */
    async search(raw: string): Promise<SearchAnswer> {
      const query = searchQuery(raw);
      if (!query) return { titles: [], people: [], understood: null };
      return send(client, customEndpoint<SearchAnswer>({ path: `/site/search?q=${encodeURIComponent(query)}`, method: 'GET' }), 'search');
    },

    /** 'Часто ищут:' (GET /site/search/popular): titles opened from search most, then the most viewed. */
    popularTitles: (): Promise<TitleCard[]> =>
      send(client, customEndpoint<TitleCard[]>({ path: '/site/search/popular', method: 'GET' }), 'popular titles'),

    /**
     * A title opened from the search results, counted for 'Часто ищут:' (POST /site/search/opened).
     * Sent with keepalive: the page is left for the title's as it goes.
     */
    async noteOpenedFromSearch(titleId: number): Promise<void> {
      const command = customEndpoint<unknown>({ path: '/site/search/opened', method: 'POST', body: JSON.stringify({ titleId }) });
      const leaving: RestCommand<unknown, Schema> = () => ({ ...command(), onRequest: (init: RequestInit) => ({ ...init, keepalive: true }) });
      await send(client, leaving, 'search opening');
    },

    /** Registers a view of a title (view-count.ts). */
    countView: (titleId: number) => countView(client, titleId),

    /** The title's average rating and number of ratings, fresh (GET /site/rating/{titleId}). */
    getRatingSummary: (titleId: number) =>
      send(client, customEndpoint<RatingSummary>({ path: `/site/rating/${titleId}`, method: 'GET' }), 'rating'),

    /** The contact form: one supportRequests row. */
    async sendSupportRequest(input: SupportRequestInput): Promise<void> {
      const { name, email, topic, message } = input;
      await send(client, createItem('supportRequests', { name, email, topic, message }), 'support request');
    },

    /**
     * One page of the category's alphabetical index: titles whose name starts with the key or
     * typed prefix (folded, so case-blind and ё = е), by name. No prefix lists the whole category.
     * The order is by the folded text, which begins with the folded name: 'Ёлки' sorts under Е,
     * and upper and lower case sort together, on SQLite as on PostgreSQL.
     */
    getAlphabetTitles(categorySlug: string, letterOrPrefix: string | null, page = 1): Promise<Page<TitleCard>> {
      const prefix = alphabetPrefix(letterOrPrefix);
      const filter = published(inCategory(categorySlug), ...(prefix ? [namePrefix(prefix)] : []));
      return readTitlePage(client, { filter, sort: ['searchText', 'id'], pageSize: ALPHABET_PAGE_SIZE, page });
    },

    /** A further page of the updates screen (UPDATES_PAGE_SIZE a page). */
    getUpdatesPage: (page: number) => readUpdatesPage(client, page, UPDATES_PAGE_SIZE),

    /** A further page of a list the build started ('show more'); the build already gave the total. */
    getListPage(list: ListSpec, page: number): Promise<TitleCard[]> {
      const { filter, sort, pageSize } = LIST_QUERIES[list.kind](list.key);
      return readTitleCards(client, { filter, sort, limit: pageSize, offset: (Math.max(1, page) - 1) * pageSize });
    },
  };
}

/** Lists whose first page is built and whose next pages load in the browser. */
export interface ListSpec {
  kind: 'category-new' | 'tag';
  /** The category slug, or the tag id. */
  key: string;
}

/** One definition per list, shared by the build (first page) and the browser (next pages). */
export const LIST_QUERIES: Record<ListSpec['kind'], (key: string) => { filter: ReturnType<typeof published>; sort: typeof BY_VIEWS; pageSize: number }> = {
  // Newest by release, as the category page's 'Новинки'.
  'category-new': (slug) => ({ filter: published(inCategory(slug)), sort: BY_RELEASE, pageSize: CATEGORY_NEW_PAGE }),
  tag: (id) => ({ filter: published(withTag(Number(id))), sort: BY_VIEWS, pageSize: TAG_PAGE_SIZE }),
};

export type Runtime = ReturnType<typeof createRuntime>;

/** The helpers on the page's client, for islands. */
export const runtime = once(() => createRuntime());
