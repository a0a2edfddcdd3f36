/**
 * The counting behind GET /site/co-marks, apart from the database: each person's latest admired
 * titles, then for each title admired by enough people, the other titles its admirers admire. Done
 * in memory with typed arrays rather than as one SQL self-join, which at 20,000 people with 50 marks
 * each grouped 49 million rows (46–64 s on SQLite, holding its one connection the while).
 */

export interface PairRules {
  /** A person's latest titles that count. */
  perPerson: number;
  /** A title's admirers before its pairs count. */
  minAdmirers: number;
  /** People sharing a pair before it counts. */
  minPair: number;
  /** Pairs kept a title, most shared first. */
  perTitle: number;
}

export type AdmiredLists = ReturnType<typeof createAdmiredLists>;

/**
 * When a mark was made, in milliseconds, as the database gives it (a Date on PostgreSQL, a number or a
 * text on SQLite); 0 when unknown, so an undated mark counts as the oldest.
 */
export function markedAt(value: unknown): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : 0;
}

/** What people admire, added a row at a time: each person's titles with the key of their latest mark. */
export function createAdmiredLists() {
  // Each person's marks as title, key, title, key…: a flat list costs a tenth of a map per person.
  const byPerson = new Map<string, number[]>();
  return {
    /** `key` orders a person's marks: the higher, the later. */
    add(person: string, title: number, key: number): void {
      const marks = byPerson.get(person);
      if (marks) marks.push(title, key);
      else byPerson.set(person, [title, key]);
    },
    /** Each person's latest `perPerson` titles, each once (latest first; of two alike, the higher id). */
    latest(perPerson: number): number[][] {
      return [...byPerson.values()].map((marks) => {
        const latestKey = new Map<number, number>();
        for (let i = 0; i < marks.length; i += 2) {
          const known = latestKey.get(marks[i]!);
          if (known === undefined || marks[i + 1]! > known) latestKey.set(marks[i]!, marks[i + 1]!);
        }
        return [...latestKey].sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, perPerson).map(([title]) => title);
      });
    },
  };
}

/**
 * Pairs counted between pauses (about 30 ms): at 20,000 people with 50 marks each the counting takes
 * 1.4–1.9 s, and the backend answers others in between.
 */
const PAIRS_PER_STEP = 1_000_000;

/**
 * For each title with at least `minAdmirers` in `lists` (one list of distinct titles a person), the
 * titles at least `minPair` of them also have, with how many: most shared first, then by id, at most
 * `perTitle`. `pause` is awaited every PAIRS_PER_STEP pairs or so.
 */
export async function pairCounts(
  lists: readonly (readonly number[])[], rules: PairRules, pause: () => Promise<void> = async () => {},
): Promise<Record<number, [number, number][]>> {
  // Titles by their place in `ids` rather than by id, so the arrays are as long as the titles admired
  // however large an id is.
  const ids: number[] = [];
  const placeOf = new Map<number, number>();
  const places = lists.map((list) => list.map((id) => {
    let place = placeOf.get(id);
    if (place === undefined) placeOf.set(id, (place = ids.push(id) - 1));
    return place;
  }));
  const titles = ids.length;
  // Each title's admirers, as ranges of one array: `people[start[t] .. start[t + 1])`.
  const start = new Int32Array(titles + 1);
  for (const list of places) for (const title of list) start[title + 1]++;
  for (let t = 0; t < titles; t++) start[t + 1]! += start[t]!;
  const next = start.slice(0, titles);
  const people = new Int32Array(start[titles]!);
  places.forEach((list, person) => {
    for (const title of list) people[next[title]!++] = person;
  });

  await pause();

  const shared = new Int32Array(titles);
  const seen: number[] = [];
  const byTitle: Record<number, [number, number][]> = {};
  let counted = 0;
  for (let title = 0; title < titles; title++) {
    if (start[title + 1]! - start[title]! < rules.minAdmirers) continue;
    if (counted > PAIRS_PER_STEP) {
      counted = 0;
      await pause();
    }
    for (let i = start[title]!; i < start[title + 1]!; i++) {
      const list = places[people[i]!]!;
      counted += list.length;
      for (const other of list) {
        if (other !== title && shared[other]!++ === 0) seen.push(other);
      }
    }
    const pairs: [number, number][] = [];
    for (const other of seen) {
      if (shared[other]! >= rules.minPair) keepTop(pairs, [ids[other]!, shared[other]!], rules.perTitle);
      shared[other] = 0;
    }
    seen.length = 0;
    if (pairs.length) byTitle[ids[title]!] = pairs;
  }
  return byTitle;
}

/**
 * Puts `pair` (id, people) in its place in `top` (most shared first, then by id), keeping at most
 * `size`: a popular title shares something with tens of thousands.
 */
function keepTop(top: [number, number][], pair: [number, number], size: number): void {
  const before = (a: [number, number], b: [number, number]) => a[1] > b[1] || (a[1] === b[1] && a[0] < b[0]);
  if (top.length === size) {
    if (!before(pair, top[size - 1]!)) return;
    top.pop();
  }
  let at = top.length;
  while (at > 0 && before(pair, top[at - 1]!)) at--;
  top.splice(at, 0, pair);
}
