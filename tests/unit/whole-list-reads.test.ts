/**
 * Directus answers at most 100 rows of a nested list unless a read says how many it wants, and says
 * nothing of the rest (tests/api/long-lists.test.ts). Every read of the build and of the islands says
 * it for each list its fields step into, at every depth: the reads are sent to a stand-in that records
 * them, and the data model (directus/schema) tells which of their relations are lists.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COLLECTIONS, SYSTEM_EXTENSIONS } from '../../directus/schema/collections.ts';
import { linkOf } from '../../directus/extensions/site-rules/src/query-check.ts';
import { relation } from '../../directus/extensions/site-rules/src/relation-fixture.ts';

const schema = {
  collections: {},
  relations: [...COLLECTIONS, ...SYSTEM_EXTENSIONS].flatMap((c) => c.relations)
    .map((r) => relation(r.collection, r.field, r.related_collection, (r.meta.one_field as string | undefined) ?? null)),
};

const asked: URL[] = [];
const server = createServer((req, res) => {
  asked.push(new URL(req.url ?? '/', 'http://stand-in'));
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: [] }));
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The islands' client reads /api on the page's own origin.
  vi.stubGlobal('location', { origin });
});
afterAll(() => {
  server.close();
  vi.unstubAllGlobals();
});

/** The lists a read of `collection` steps into through its `fields` (`comments.images.directus_files_id.id` → comments, comments.images). */
function listsOf(collection: string, fields: string): string[] {
  const paths = fields.split(',').flatMap((field) => {
    const parts = field.split('.');
    let at: string | null = collection;
    return parts.slice(0, -1).flatMap((part, i) => {
      const link = at ? linkOf(schema, at, part) : null;
      at = link?.target ?? null;
      return link?.kind === 'o2m' ? [parts.slice(0, i + 1).join('.')] : [];
    });
  });
  return [...new Set(paths)];
}

/** The lists of the reads of `collection` sent by `read` that leave their number of rows to Directus. */
async function leftToDefault(collection: string, read: () => Promise<unknown>): Promise<string[]> {
  const from = asked.length;
  await read();
  const reads = asked.slice(from).filter((url) => new RegExp(`^(/api)?/items/${collection}(/|$)`).test(url.pathname));
  expect(reads.length, collection).toBeGreaterThan(0);
  expect(reads.flatMap((url) => listsOf(collection, url.searchParams.get('fields') ?? '')).length, `lists of ${collection}`).toBeGreaterThan(0);
  return reads.flatMap((url) => {
    const deep: unknown = JSON.parse(url.searchParams.get('deep') ?? '{}');
    return listsOf(collection, url.searchParams.get('fields') ?? '').filter((path) => {
      const level = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], deep);
      return typeof (level as { _limit?: unknown } | undefined)?._limit !== 'number';
    });
  });
}

describe('every nested list a read names, it asks for whole', () => {
  it("the build's titles, people and categories", async () => {
    const { createReader } = await import('../../src/lib/directus/reader.ts');
    const reader = createReader(origin);
    expect(await leftToDefault('titles', () => reader.getTitleRows(1, 10))).toEqual([]);
    expect(await leftToDefault('actors', () => reader.getActorPages(1, 10))).toEqual([]);
    expect(await leftToDefault('categories', () => reader.getCategories())).toEqual([]);
  });

  it("a profile's posts with their comments, and the own profile's marks", async () => {
    const { readPosts } = await import('../../src/features/people/directus.ts');
    const { readMarks } = await import('../../src/features/profile/directus.ts');
    expect(await leftToDefault('posts', () => readPosts('someone', 0, 10))).toEqual([]);
    expect(await leftToDefault('favorites', () => readMarks('someone', 'Смотрю', { page: 1, pageSize: 20 }))).toEqual([]);
  });

  it("a chat's messages", async () => {
    const { readChatMessages } = await import('../../src/features/chat/directus.ts');
    expect(await leftToDefault('messages', () => readChatMessages('public'))).toEqual([]);
  });

  it("the titles in progress, a subscriber's kept episodes and the title a room watches, with their episodes' segments", async () => {
    const { readKeptEpisodes, readTitlesInProgress } = await import('../../src/features/title/directus.ts');
    const { readRoomTitle } = await import('../../src/features/together/directus.ts');
    expect(await leftToDefault('watchProgress', () => readTitlesInProgress(10))).toEqual([]);
    expect(await leftToDefault('series', () => readKeptEpisodes(1))).toEqual([]);
    expect(await leftToDefault('titles', () => readRoomTitle(1))).toEqual([]);
  });
});
