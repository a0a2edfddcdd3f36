/**
 * The build's reads over every person's marks, ratings and reviews (GET /site/co-marks, the site's
 * alone, /site/ratings and /site/comment-counts, public) cost the backend seconds at scale: one pass's
 * answer serves every caller for a while, so asking again and again cannot make the backend pass over
 * them again. Each instance keeps its own.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SECRET_HEADER } from '../../../shared/secret-match.ts';
import { CO_MARK_MIN_ADMIRERS, CO_MARK_MIN_PAIR } from '../../../directus/extensions/site-api/src/co-marks.ts';
import { http } from '../../support/direct-http.ts';
import { newPersonOn, startTwoInstances, type ProductionPerson, type TwoInstances } from '../../support/two-instances.ts';

type CoMarks = Record<string, [number, number][]>;
type Counted = { title: number; count: number };

const SITE_SECRET = randomBytes(24).toString('hex');
let world: TwoInstances | undefined;
let admirers: ProductionPerson[];
let first: number;
let second: number;

const newTitle = async (slug: string) =>
  (await world!.a.api.post<{ id: number }>('/items/titles', { slug: `${slug}-${Date.now()}`, name: 'Тайтл', status: 'published', views: 0 })).id;

/** Read as the site's build reads: signed, which only co-marks needs. */
async function read<T>(url: string, path: string): Promise<T> {
  const res = await http<T>(url, 'GET', path, { headers: { [SITE_SECRET_HEADER]: SITE_SECRET } });
  expect(res.status).toBe(200);
  return res.data!;
}

const pairCount = (answer: CoMarks) => answer[first]?.find(([id]) => id === second)?.[1];
const countOf = (answer: Counted[]) => answer.find((r) => r.title === second)?.count;

beforeAll(async () => {
  // The kept answers as production has them: no test setting shortens them.
  world = await startTwoInstances('build-reads', { env: { CO_MARKS_REUSE_MS: '', RATINGS_REUSE_MS: '', COMMENT_COUNTS_REUSE_MS: '', SITE_REBUILD_SECRET: SITE_SECRET } });
  [first, second] = [await newTitle('first'), await newTitle('second')];
  admirers = await Promise.all(Array.from({ length: CO_MARK_MIN_ADMIRERS }, () => newPersonOn(world!.a)));
  for (const p of admirers) expect((await http(world.a.url, 'PUT', `/site/rating/${first}`, { token: p.token, body: { rating: 5 } })).status).toBe(200);
}, 360_000);

afterAll(async () => {
  await world?.stop();
}, 60_000);

describe('the build\'s reads over every mark, rating and review', () => {
  it('answer the build asking again with the pass already made, while another instance makes its own', async () => {
    const coMarks = await read<CoMarks>(world!.a.url, '/site/co-marks');
    const ratings = await read<Counted[]>(world!.a.url, '/site/ratings');
    const reviews = await read<Counted[]>(world!.a.url, '/site/comment-counts');
    expect(pairCount(coMarks)).toBeUndefined();
    expect(countOf(ratings)).toBeUndefined();
    expect(countOf(reviews)).toBeUndefined();

    // Enough admirers of the first now admire the second: a fresh pass counts the pair and the ratings.
    for (const p of admirers.slice(0, CO_MARK_MIN_PAIR)) {
      expect((await http(world!.a.url, 'PUT', `/site/rating/${second}`, { token: p.token, body: { rating: 5 } })).status).toBe(200);
      expect((await http(world!.a.url, 'POST', '/items/comments', { token: p.token, body: { text: 'Отзыв', title: second } })).status).toBe(200);
    }
    expect(pairCount(await read<CoMarks>(world!.b.url, '/site/co-marks'))).toBe(CO_MARK_MIN_PAIR);
    expect(countOf(await read<Counted[]>(world!.b.url, '/site/ratings'))).toBe(CO_MARK_MIN_PAIR);
    expect(countOf(await read<Counted[]>(world!.b.url, '/site/comment-counts'))).toBe(CO_MARK_MIN_PAIR);

    for (let i = 0; i < 20; i++) {
      expect(await read<CoMarks>(world!.a.url, '/site/co-marks')).toEqual(coMarks);
      expect(await read<Counted[]>(world!.a.url, '/site/ratings')).toEqual(ratings);
      expect(await read<Counted[]>(world!.a.url, '/site/comment-counts')).toEqual(reviews);
    }
  });
});
