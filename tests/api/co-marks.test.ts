/**
 * GET /site/co-marks: what people who admire a title (Избранное, Смотрел, Смотрю, or a rating of 4 or
 * 5) also admire, counted only once enough people do, so no answer points at one person's lists; read
 * by the site's build and staff alone (here, the admin).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CO_MARK_MIN_ADMIRERS, CO_MARK_MIN_PAIR, CO_MARK_PER_PERSON } from '../../directus/extensions/site-api/src/co-marks.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { admin, baseUrl, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { asAdmin, expectRefused } from '../support/fixtures.ts';

type CoMarks = Record<string, [number, number][]>;
const coMarks = async () => {
  const res = await asAdmin<CoMarks>('GET', '/site/co-marks');
  expect(res.status).toBe(200);
  return res.data;
};
const withCount = (answer: CoMarks, a: number, b: number) => answer[a]?.find(([id]) => id === b)?.[1];

let a: { id: number };
let b: { id: number };
let draft: { id: number };
let admirers: TestUser[];

beforeAll(async () => {
  [a, b, draft] = await Promise.all([newTitle(), newTitle(), newTitle({ status: 'draft' })]);
  admirers = await Promise.all(Array.from({ length: CO_MARK_MIN_ADMIRERS }, () => newUser()));
  // Every admirer rates `a` highly; the first ones also mark `b`, one at a time below.
  for (const p of admirers) expect((await p.call('PUT', `/site/rating/${a.id}`, { rating: 5 })).status).toBe(200);
});

describe('who reads them', () => {
  it('not a visitor, a member or one signing as the site with a guess', async () => {
    expectRefused(await call('GET', '/site/co-marks'), 403);
    expectRefused(await admirers[0]!.call('GET', '/site/co-marks'), 403);
    const guess = await fetch(`${baseUrl()}/site/co-marks`, { headers: { 'x-site-rebuild-secret': 'guess' } });
    expect(guess.status).toBe(403);
  });

  it('an editor', async () => {
    expect((await (await newUser(EDITOR_ROLE)).call('GET', '/site/co-marks')).status).toBe(200);
  });
});

describe('co-marks', () => {
  it('counts a pair only once enough people share it', async () => {
    for (const [i, p] of admirers.slice(0, CO_MARK_MIN_PAIR - 1).entries()) {
      await p.call('POST', '/items/favorites', { type: i % 2 ? 'Смотрел' : 'Избранное', title: b.id });
    }
    expect(withCount(await coMarks(), a.id, b.id)).toBeUndefined();
    await admirers[CO_MARK_MIN_PAIR - 1]!.call('PUT', `/site/rating/${b.id}`, { rating: 4 });
    expect(withCount(await coMarks(), a.id, b.id)).toBe(CO_MARK_MIN_PAIR);
  });

  it('leaves out what is no admiration: a low rating, «Не интересно»', async () => {
    const c = await newTitle();
    for (const [i, p] of admirers.entries()) {
      if (i % 2) await p.call('PUT', `/site/rating/${c.id}`, { rating: 3 });
      else await p.call('POST', '/items/favorites', { type: 'Не интересно', title: c.id });
    }
    expect(withCount(await coMarks(), a.id, c.id)).toBeUndefined();
  });

  it('never names a draft', async () => {
    // Marks of a draft cannot be made through the API at all; what an editor unpublishes drops out.
    const d = await newTitle();
    for (const p of admirers) await p.call('POST', '/items/favorites', { type: 'Смотрю', title: d.id });
    expect(withCount(await coMarks(), a.id, d.id)).toBe(CO_MARK_MIN_ADMIRERS);
    await (await admin()).patch(`/items/titles/${d.id}`, { status: 'draft' });
    const answer = await coMarks();
    expect(withCount(answer, a.id, d.id)).toBeUndefined();
    expect(answer[d.id]).toBeUndefined();
    expect(answer[draft.id]).toBeUndefined();
  });

  it('counts each person\'s latest titles by when they were admired, marks and ratings alike', async () => {
    // Two groups: one marks a title first and rates the rest later, the other the other way round.
    // Whichever table's ids run ahead, the first title is the oldest of each person's and drops out.
    // It is made last, so its id, highest of all, would keep it were the times not read.
    const rateLater = (p: TestUser, id: number) => p.call('PUT', `/site/rating/${id}`, { rating: 5 });
    const markLater = (p: TestUser, id: number) => p.call('POST', '/items/favorites', { type: 'Смотрю', title: id });
    for (const [first, later] of [[markLater, rateLater], [rateLater, markLater]] as const) {
      const people = await Promise.all(Array.from({ length: CO_MARK_MIN_ADMIRERS }, () => newUser()));
      const newer = await Promise.all(Array.from({ length: CO_MARK_PER_PERSON }, () => newTitle()));
      const oldest = await newTitle();
      for (const p of people) expect((await first(p, oldest.id)).status).toBe(200);
      for (const p of people) {
        for (const t of newer) expect((await later(p, t.id)).status).toBe(200);
      }
      const answer = await coMarks();
      // A title keeps its most shared pairs, the lowest ids first: the lowest of the newer is among them.
      const ids = newer.map((t) => t.id).sort((a, b) => a - b);
      expect(withCount(answer, ids.at(-1)!, ids[0]!)).toBe(CO_MARK_MIN_ADMIRERS);
      expect(answer[oldest.id]).toBeUndefined();
      expect(withCount(answer, ids[0]!, oldest.id)).toBeUndefined();
    }
  });
});
