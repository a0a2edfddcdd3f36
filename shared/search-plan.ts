/**
 * What a query is taken to mean, against the words the catalogue's names are made of: which
 * keyboard layout it was typed in, and which of its words are typos of a known word. The search
 * endpoint asks the index for the result of this plan; the plan itself needs no database.
 */
import { editDistance } from './edit-distance.ts';
import { FORGIVING_MAX_EDITS, FORGIVING_MIN_LETTERS, foldWords, queryReadings, skeletonWord, type QueryReading } from './search-variants.ts';

interface Entry {
  display: string;
  count: number;
}

/** The words of names (titles' and people's) in the shared spelling, each with how it is written and how often. */
export class Vocabulary {
  private readonly entries = new Map<string, Entry>();
  private sorted: string[] | null = null;
  private byLength: Map<number, string[]> | null = null;

  /** Adds the words of a name. */
  add(name: string | null | undefined): void {
    for (const word of foldWords(name)) {
      const key = skeletonWord(word);
      if (!key) continue;
      const entry = this.entries.get(key);
      if (entry) entry.count++;
      else this.entries.set(key, { display: word, count: 1 });
    }
    this.sorted = null;
    this.byLength = null;
  }

  get size(): number {
    return this.entries.size;
  }

  isWord(key: string): boolean {
    return this.entries.has(key);
  }

  /** Whether some word begins with `key` (or is it). */
  hasPrefix(key: string): boolean {
    const sorted = (this.sorted ??= [...this.entries.keys()].sort());
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo]!.startsWith(key);
  }

  display(key: string): string {
    return this.entries.get(key)?.display ?? key;
  }

  /** Known words within `max` edits of `key`, nearest and then most used first, at most `limit`. */
  similar(key: string, max: number, limit = 3): { key: string; edits: number }[] {
    if (!this.byLength) {
      this.byLength = new Map();
      for (const k of this.entries.keys()) {
        const list = this.byLength.get(k.length) ?? [];
        list.push(k);
        this.byLength.set(k.length, list);
      }
    }
    const found: { key: string; edits: number; count: number }[] = [];
    for (let len = key.length - max; len <= key.length + max; len++) {
      for (const word of this.byLength.get(len) ?? []) {
        const edits = editDistance(key, word, max);
        if (edits <= max && edits > 0) found.push({ key: word, edits, count: this.entries.get(word)!.count });
      }
    }
    found.sort((a, b) => a.edits - b.edits || b.count - a.count || (a.key < b.key ? -1 : 1));
    return found.slice(0, limit).map(({ key: k, edits }) => ({ key: k, edits }));
  }
}

/** Words of a query that name no known word, in either layout: whether they are found elsewhere is worth asking. */
export function unknownWords(raw: string, vocabulary: Vocabulary): string[] {
  return [...new Set(queryReadings(raw).flatMap((r) => r.keys.filter((k) => k.length >= FORGIVING_MIN_LETTERS - 1 && !vocabulary.hasPrefix(k))))];
}

/** A query as the index is asked it. */
export interface SearchPlan {
  /** The words in the shared spelling, as typed (or as typed in the other layout): exact and prefix matches. */
  keys: string[];
  /** For each word, itself and the known words it may be a typo of: forgiving matches. */
  forgiving: string[][];
  /** The same without the words nothing matches, when that leaves any: the last resort before an empty list. */
  loose: { keys: string[]; forgiving: string[][] } | null;
  /** Whether it was read as typed in the other keyboard layout. */
  swapped: boolean;
  /** What the person is shown as understood («дорама» for `ljhfvf`, the corrected word), or null when it is what they typed. */
  understood: string | null;
}

function planOf(reading: QueryReading, vocabulary: Vocabulary, elsewhere: ReadonlySet<string>) {
  let known = 0;
  let edits = 0;
  const forgiving: string[][] = [];
  const shown: string[] = [];
  const unmatched: number[] = [];
  reading.keys.forEach((key, i) => {
    const word = reading.words[i]!;
    const isKnown = vocabulary.hasPrefix(key) || elsewhere.has(key);
    const fixes = !vocabulary.isWord(key) && !elsewhere.has(key) && [...word].length >= FORGIVING_MIN_LETTERS && key.length >= FORGIVING_MIN_LETTERS - 1
      ? vocabulary.similar(key, FORGIVING_MAX_EDITS) : [];
    if (isKnown) known++;
    forgiving.push([key, ...fixes.map((f) => f.key)]);
    if (!isKnown && fixes.length) {
      known++;
      edits += fixes[0]!.edits;
      shown.push(vocabulary.display(fixes[0]!.key));
    } else {
      // Swapped words are shown as the catalogue writes them (`ьфылф` is «маска», not `maska`).
      shown.push(reading.swapped && vocabulary.isWord(key) ? vocabulary.display(key) : word);
      if (!isKnown) unmatched.push(i);
    }
  });
  return { reading, known, edits, forgiving, shown, unmatched };
}

/**
 * The plan for a raw query: the reading (layout) that makes the most known words, and its typos'
 * corrections. `elsewhere` holds words known from outside names (descriptions), left as typed.
 */
export function planSearch(raw: string, vocabulary: Vocabulary, elsewhere: ReadonlySet<string> = new Set()): SearchPlan | null {
  const plans = queryReadings(raw).filter((r) => r.keys.length).map((r) => planOf(r, vocabulary, elsewhere));
  if (!plans.length) return null;
  // As typed wins ties: a swapped layout must explain more words, or the same with fewer edits.
  const best = plans.reduce((a, b) => (b.known > a.known || (b.known === a.known && b.edits < a.edits) ? b : a));
  const { reading, forgiving, shown, unmatched } = best;
  const changed = reading.swapped || shown.some((w, i) => w !== reading.words[i]);
  const kept = (_: unknown, i: number) => !unmatched.includes(i);
  const loose = unmatched.length && unmatched.length < reading.keys.length
    ? { keys: reading.keys.filter(kept), forgiving: forgiving.filter(kept) } : null;
  return { keys: reading.keys, forgiving, loose, swapped: reading.swapped, understood: changed ? shown.join(' ') : null };
}
