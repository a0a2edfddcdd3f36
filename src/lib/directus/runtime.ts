/**
 * The browser side: islands reach Directus at /api on the site's own origin (design.md), as a
 * visitor. Each helper is one runtime call of the spec; the base URL can be given so the same
 * helpers run against any Directus (the API tests pass the test server's address).
 */
import { createDirectus, createItem, customEndpoint, readItems, rest, type ReadItemOutput } from '@directus/sdk';
import { alphabetPrefix } from '../alphabet.ts';
import {
  ALPHABET_PAGE_SIZE, CATEGORY_NEW_PAGE, FILTER_PAGE_SIZE, SEARCH_LIMIT, TAG_PAGE_SIZE, UPDATES_PAGE_SIZE,
} from '../constants.ts';
import { VIEW_FLOW_ID } from '../../../shared/rules.ts';
import { toDirectusFilter, type FilterState } from '../filter-query.ts';
import { searchQuery } from '../search.ts';
import { COMMENT_FIELDS } from './fields.ts';
import {
  BY_VIEWS, NEWEST, DirectusRequestError, containsText, inCategory, namePrefix, published, readTitleCards, readTitlePage, readUpdatesPage, send, withTag,
  type Page, type RatingSummary, type SiteClient, type TitleCard,
} from './queries.ts';
import type { Schema } from './schema.ts';

export type CommentItem = ReadItemOutput<Schema, 'comments', { fields: typeof COMMENT_FIELDS }>;

export type { RatingSummary };

export interface SupportRequestInput {
  name: string;
  email: string;
  topic: string;
  message: string;
}

/** /api on the page's own origin; only meaningful in a browser. */
export function sameOriginApi(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin) throw new Error('No page origin: pass the Directus address to createSiteClient');
  return `${origin}/api`;
}

/** A visitor's client: no token, cookies never sent (the spec's runtime reads need no account). */
export function createSiteClient(base: string = sameOriginApi()): SiteClient {
  return createDirectus<Schema>(base).with(rest({ credentials: 'omit' }));
}

/** The address of a path under the client's base, /api prefix included. */
function endpoint(client: SiteClient, path: string): string {
  return `${client.url.href.replace(/\/+$/, '')}${path}`;
}

export function createRuntime(base?: string) {
  const client = createSiteClient(base);

  return {
    client,

    /**
     * The search modal: titles whose name, original or other name, or description contains the
     * query, folded as titles are folded; most viewed first. Nothing is asked for an empty box.
     */
    async searchTitles(raw: string): Promise<TitleCard[]> {
      const query = searchQuery(raw);
      if (!query) return [];
      return readTitleCards(client, { filter: published(containsText(query)), sort: BY_VIEWS, limit: SEARCH_LIMIT, offset: 0 });
    },

    /**
     * Registers a view of a title (POST /flows/trigger/{id} with { titleId }, no authorization).
     * A refusal is an error carrying the HTTP status, for the caller to log (spec section 8).
     */
    async countView(titleId: number): Promise<{ counted: boolean }> {
      // The SDK keeps fetch as a bare property; calling it through the object loses `window` as its receiver.
      const res = (await fetch(endpoint(client, `/flows/trigger/${VIEW_FLOW_ID}`), {
        method: 'POST',
        credentials: 'omit',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ titleId }),
      })) as Response;
      if (!res.ok) throw new DirectusRequestError(`View not counted: HTTP ${res.status}`, res.status);
      const body = (await res.json().catch(() => null)) as { counted?: boolean; data?: { counted?: boolean } } | null;
      return { counted: Boolean(body?.data?.counted ?? body?.counted) };
    },

    /** The title's average rating and number of ratings, fresh (GET /site/rating/{titleId}). */
    getRatingSummary: (titleId: number) =>
      send(client, customEndpoint<RatingSummary>({ path: `/site/rating/${titleId}`, method: 'GET' }), 'rating'),

    /** The contact form: one supportRequests row. */
    async sendSupportRequest(input: SupportRequestInput): Promise<void> {
      const { name, email, topic, message } = input;
      await send(client, createItem('supportRequests', { name, email, topic, message }), 'support request');
    },

    /** Every review of a title with its author, reactions and the review it answers, newest first. */
    getComments: (titleId: number): Promise<CommentItem[]> =>
      send(client, readItems('comments', {
        fields: COMMENT_FIELDS,
        filter: { title: { _eq: titleId } },
        sort: ['-date_created', '-id'],
        deep: { reactions: { _limit: -1 }, images: { _limit: -1 } },
        limit: -1,
      }), 'comments') as Promise<CommentItem[]>,

    /** One page of the filter screen (FILTER_PAGE_SIZE, by views) and the total for the pager. */
    getFilteredTitles: (state: FilterState, page: number = state.page): Promise<Page<TitleCard>> =>
      readTitlePage(client, { filter: toDirectusFilter(state), sort: BY_VIEWS, pageSize: FILTER_PAGE_SIZE, page }),

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
  'category-new': (slug) => ({ filter: published(inCategory(slug)), sort: NEWEST, pageSize: CATEGORY_NEW_PAGE }),
  tag: (id) => ({ filter: published(withTag(Number(id))), sort: BY_VIEWS, pageSize: TAG_PAGE_SIZE }),
};

export type Runtime = ReturnType<typeof createRuntime>;
