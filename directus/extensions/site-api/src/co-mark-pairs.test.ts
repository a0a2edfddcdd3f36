import { describe, expect, it } from 'vitest';
import { createAdmiredLists, markedAt, pairCounts, type PairRules } from './co-mark-pairs.ts';

const rules: PairRules = { perPerson: 50, minAdmirers: 5, minPair: 3, perTitle: 20 };

/** The pairs counted the plain way: every person's every two titles, one by one. */
function pairsByHand(lists: number[][], r: PairRules): Record<number, [number, number][]> {
  const admirers = new Map<number, number>();
  const shared = new Map<string, number>();
  for (const list of lists) {
    for (const a of list) {
      admirers.set(a, (admirers.get(a) ?? 0) + 1);
      for (const b of list) if (a !== b) shared.set(`${a} ${b}`, (shared.get(`${a} ${b}`) ?? 0) + 1);
    }
  }
  const byTitle: Record<number, [number, number][]> = {};
  for (const [pair, n] of shared) {
    const [a, b] = pair.split(' ').map(Number) as [number, number];
    if (n >= r.minPair && (admirers.get(a) ?? 0) >= r.minAdmirers) (byTitle[a] ??= []).push([b, n]);
  }
  for (const [a, list] of Object.entries(byTitle)) {
    byTitle[Number(a)] = list.sort((x, y) => y[1] - x[1] || x[0] - y[0]).slice(0, r.perTitle);
  }
  return byTitle;
}

/** A seeded stream of numbers in [0, 1), so a failure can be run again. */
function numbers(seed: number) {
  return () => (seed = (seed * 16807) % 2147483647) / 2147483647;
}

describe('pairCounts', () => {
  it('counts what counting every pair by hand counts, for many people with popular and rare titles', async () => {
    const random = numbers(7);
    const lists = Array.from({ length: 300 }, () => {
      const titles = new Set<number>();
      const size = 1 + Math.floor(random() * 40);
      while (titles.size < size) titles.add(1 + Math.floor(4500 * random() ** 3));
      return [...titles];
    });
    const counted = await pairCounts(lists, rules);
    expect(Object.keys(counted).length).toBeGreaterThan(50);
    expect(counted).toEqual(pairsByHand(lists, rules));
  });

  it('leaves out titles with too few admirers and pairs too few share, and keeps the most shared', async () => {
    // Five people admire 1; four of them admire 2; two of them admire 3. Four admire 4 with 2.
    const lists = [[1, 2, 3, 4], [1, 2, 3, 4], [1, 2, 4], [1, 2, 4], [1]];
    const counted = await pairCounts(lists, rules);
    expect(counted).toEqual({ 1: [[2, 4], [4, 4]] });
    expect(await pairCounts(lists, { ...rules, perTitle: 1 })).toEqual({ 1: [[2, 4]] });
    expect(await pairCounts(lists, { ...rules, minAdmirers: 4 })).toEqual({
      1: [[2, 4], [4, 4]], 2: [[1, 4], [4, 4]], 4: [[1, 4], [2, 4]],
    });
  });

  it('counts titles by any id, however large', async () => {
    const [big, bigger] = [2_000_000_000, 2_147_483_000];
    const lists = Array.from({ length: 5 }, () => [bigger, 7, big]);
    expect(await pairCounts(lists, rules)).toEqual({ 7: [[big, 5], [bigger, 5]], [big]: [[7, 5], [bigger, 5]], [bigger]: [[7, 5], [big, 5]] });
  });

  it('pauses as it goes, every million pairs or so', async () => {
    // 200 people with the same 100 titles: 2 million pairs counted.
    const titles = Array.from({ length: 100 }, (_, i) => i + 1);
    let pauses = 0;
    const counted = await pairCounts(Array.from({ length: 200 }, () => titles), rules, async () => { pauses++; });
    // Once with the titles' admirers gathered, once after the first million.
    expect(pauses).toBe(2);
    expect(counted[100]).toEqual(titles.slice(0, rules.perTitle).map((t) => [t, 200]));
  });
});

describe('createAdmiredLists', () => {
  it('keeps each person\'s latest titles once, by the key of their latest mark', () => {
    const admired = createAdmiredLists();
    admired.add('ann', 10, 1);
    admired.add('ann', 11, 2);
    admired.add('ann', 12, 3);
    admired.add('ann', 10, 9); // marked again later: now the latest
    admired.add('bob', 10, 4);
    expect(admired.latest(2)).toEqual([[10, 12], [10]]);
  });

  it('orders marks with the same key by title', () => {
    const admired = createAdmiredLists();
    admired.add('ann', 3, 5);
    admired.add('ann', 8, 5);
    expect(admired.latest(1)).toEqual([[8]]);
  });
});

describe('markedAt', () => {
  it('reads a mark\'s time as each database gives it', () => {
    const at = Date.UTC(2026, 11, 2, 16, 30);
    expect(markedAt(new Date(at))).toBe(at);
    expect(markedAt(at)).toBe(at);
    expect(markedAt('2026-12-02T16:30:00.000Z')).toBe(at);
  });

  it('counts an unknown time as the oldest', () => {
    expect([null, undefined, 'not a date', {}].map(markedAt)).toEqual([0, 0, 0, 0]);
  });
});
