/**
 * Search on PostgreSQL + Redis: the trigram indexes exist, the demo catalogue's query set finds
 * every title and person as on SQLite, a name written through one instance is found through the
 * other at once, the build's co-marks answer on PostgreSQL's SQL, and the search's public reads
 * (answered ahead of Directus's own middleware) spend an address's allowance like any request.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SECRET_HEADER } from '../../../shared/secret-match.ts';
import type { Backend } from '../../../scripts/lib/backend.ts';
import { directusEnv } from '../../../scripts/lib/directus-env.ts';
import { startDirectus, type RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { TITLE_CARD_FIELDS } from '../../../shared/card-fields.ts';
import { restFields } from '../../support/rest-fields.ts';
import { queryMisses } from '../../support/search-queries.ts';
import { startTwoInstances, type TwoInstances } from '../../support/two-instances.ts';

let world: TwoInstances | undefined;
let name = '';
let a: Backend | undefined;
let b: RunningDirectus | undefined;
/** A third instance whose allowance per address is small enough to spend. */
let limited: RunningDirectus | undefined;
const ALLOWANCE = 6;
const SITE_SECRET = randomUUID();
let db: Knex | undefined;

beforeAll(async () => {
  world = await startTwoInstances('search', { env: { PRESSURE_LIMITER_ENABLED: 'false', SITE_REBUILD_SECRET: SITE_SECRET }, seeded: true });
  ({ name, a, b, db } = world);
  const { options } = world;
  limited = await startDirectus(directusEnv({
    ...options,
    port: await freePort(),
    extra: { ...options.extra, RATE_LIMITER_POINTS: String(ALLOWANCE), RATE_LIMITER_DURATION: '600', RATE_LIMITER_KEY_PREFIX: `${name}:rl-limited` },
  }), { quiet: true });
  // On a fresh machine the seeded template is made here first: the plain one, the seed and its searches.
}, 900_000);

afterAll(async () => {
  await limited?.stop();
  await world?.stop();
}, 60_000);

const search = async (base: string, q: string) => {
  const res = await fetch(`${base}/site/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return (await res.json()).data as { titles: { id: number }[]; people: { id: number }[] };
};

describe('search on PostgreSQL', () => {
  it('has trigram indexes on the names and descriptions', async () => {
    const indexes = await db!('pg_indexes').whereIn('tablename', ['titles', 'actors']).pluck('indexdef');
    for (const column of ['searchNames', 'searchBody']) {
      expect(indexes.some((d: string) => d.includes(`"${column}" gin_trgm_ops`) && d.includes('public.titles')), column).toBe(true);
    }
    expect(indexes.some((d: string) => d.includes('"searchNames" gin_trgm_ops') && d.includes('public.actors'))).toBe(true);
  });

  it('finds every demo title and person of the query set', async () => {
    expect(await queryMisses(a!.url)).toEqual([]);
  }, 600_000);

  it('answers each card as a visitor reads the title with the card\'s fields, with its shown reviews counted', async () => {
    const cards = (await (await fetch(`${a!.url}/site/search/popular`)).json()).data as { id: number; comments_count: number; genres: unknown[] }[];
    expect(cards.some((c) => c.genres.length > 1)).toBe(true);
    expect(cards.some((c) => c.comments_count > 0)).toBe(true);
    for (const { comments_count: count, ...card } of cards) {
      const read = await fetch(`${a!.url}/items/titles/${card.id}?fields=${restFields(TITLE_CARD_FIELDS).join(',')}`);
      expect(card).toEqual((await read.json()).data);
      const reviews = await fetch(`${a!.url}/items/comments?aggregate[count]=id&filter[title][_eq]=${card.id}&filter[deleted][_eq]=false`);
      expect(count).toBe(Number((await reviews.json()).data[0].count.id));
    }
  });

  it('finds a title written through one instance through the other at once', async () => {
    const word = `Звездопад${randomUUID().slice(0, 4).replace(/\d/g, 'к')}`;
    const created = await a!.api.post<{ id: number }>('/items/titles', { slug: `prod-search-${Date.now()}`, name: `${word} над морем`, status: 'published' });
    expect((await search(b!.url, `${word} над`)).titles.map((t) => t.id)).toEqual([created.id]);
  });

  it('answers the build\'s co-marks', async () => {
    const res = await fetch(`${b!.url}/site/co-marks`, { headers: { [SITE_SECRET_HEADER]: SITE_SECRET } });
    expect(res.status).toBe(200);
    expect(typeof (await res.json()).data).toBe('object');
  });
});

describe('the search\'s public reads under the rate limit', () => {
  const from = (address: string, path: string) => fetch(`${limited!.url}${path}`, { headers: { 'x-forwarded-for': address } });
  const reads = ['/site/search?q=' + encodeURIComponent('дорама'), '/site/search/popular', '/items/titles?fields=id&limit=1'];

  it('spend the allowance of an address with every other request, and past it are refused with a 429', async () => {
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < ALLOWANCE; i++) expect((await from(address, reads[i % reads.length]!)).status).toBe(200);
    for (const path of reads) {
      const refused = await from(address, path);
      expect(refused.status, path).toBe(429);
      expect((await refused.json()).errors[0].extensions.code).toBe('REQUESTS_EXCEEDED');
    }
    expect((await from(`203.0.113.${1 + Math.floor(Math.random() * 250)}`, reads[0]!)).status).toBe(200);
  });
});
