/**
 * What a query is taken to mean, against the words the catalogue's names are made of: which
 * keyboard layout it was typed in, and which of its words are typos of a known word. The search
 * endpoint asks the index for the result of this plan; the plan itself needs no database.
 */
import { editDistance } from './edit-distance.ts';
import { FORGIVING_MIN_LETTERS, foldWords, forgivenEdits, queryReadings, skeletonWord, type QueryReading } from './search-variants.ts';

interface Entry {
  display: string;
  count: number;
}

/** Words of one length: their keys, and the letters of each key and of its written form as bit sets. */
interface Bucket {
  keys: string[];
  keyLetters: number[];
  shownLetters: number[];
}

/**
 * A word's letters as a set of 32 bits (letters share bits by their code). One edit changes at most
 * two bits, so a word more bits away than twice the edits allowed cannot be that near: most of a
 * vocabulary is passed over after one comparison of two numbers.
 */
function letterBits(word: string): number {
  let bits = 0;
  for (let i = 0; i < word.length; i++) bits |= 1 << (word.charCodeAt(i) & 31);
  return bits;
}

function bitCount(n: number): number {
  let c = n - ((n >>> 1) & 0x55555555);
  c = (c & 0x33333333) + ((c >>> 2) & 0x33333333);
  return (((c + (c >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The words of names (titles' and people's) in the shared spelling, each with how it is written and how often. */
export class Vocabulary {
  private readonly entries = new Map<string, Entry>();
  private sorted: string[] | null = null;
  private byLength: Map<number, Bucket> | null = null;

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

  /**
   * The known words nearest to `key` within `max` edits, at most `limit`: of the fewest edits, those
   * with the same first letter when there are any (people rarely miss the first), the most used first.
   * Edits are counted in the shared spelling, or between `word` as typed and the word as written when
   * that is fewer (one Russian letter can be two in the shared spelling: я is `ia`). Words of one or
   * two letters are nobody's correction.
   */
  similar(key: string, max: number, word = key, limit = 3): { key: string; edits: number }[] {
    if (!this.byLength) {
      this.byLength = new Map();
      for (const [k, entry] of this.entries) {
        let bucket = this.byLength.get(k.length);
        if (!bucket) this.byLength.set(k.length, (bucket = { keys: [], keyLetters: [], shownLetters: [] }));
        bucket.keys.push(k);
        bucket.keyLetters.push(letterBits(k));
        bucket.shownLetters.push(letterBits(entry.display));
      }
    }
    const found: { key: string; edits: number; count: number }[] = [];
    const keyBits = letterBits(key);
    const wordBits = letterBits(word);
    for (let len = key.length - max - 1; len <= key.length + max + 1; len++) {
      const bucket = this.byLength.get(len);
      if (!bucket) continue;
      for (let i = 0; i < bucket.keys.length; i++) {
        const nearKey = bitCount(keyBits ^ bucket.keyLetters[i]!) <= 2 * max;
        const nearShown = bitCount(wordBits ^ bucket.shownLetters[i]!) <= 2 * max;
        if (!nearKey && !nearShown) continue;
        const known = bucket.keys[i]!;
        const entry = this.entries.get(known)!;
        const edits = Math.min(nearKey ? editDistance(key, known, max) : max + 1, nearShown ? editDistance(word, entry.display, max) : max + 1);
        if (edits <= max && known !== key && known.length >= 3) found.push({ key: known, edits, count: entry.count });
      }
    }
    const fewest = Math.min(...found.map((f) => f.edits));
    const nearest = found.filter((f) => f.edits === fewest);
    const sameStart = nearest.filter((f) => f.key[0] === key[0]);
    return (sameStart.length ? sameStart : nearest)
      .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
      .slice(0, limit).map(({ key: k, edits }) => ({ key: k, edits }));
  }
}

/** Words of a query that name no known word, in either layout: whether they are found elsewhere is worth asking. */
export function unknownWords(raw: string, vocabulary: Vocabulary): string[] {
  return [...new Set(queryReadings(raw).flatMap((r) => r.keys.filter((k) => k.length >= 3 && !vocabulary.hasPrefix(k))))];
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

/**
 * How sure a reading is, in letters: a known word counts its letters, the start of one a letter
 * less (one or two letters begin too many words to say much), a corrected word its letters less its
 * edits and one more, as a guess says less than a word's start (`nfqy` is «тайн» typed in the other
 * layout, not «наки» with a wrong letter). The reading with more wins.
 */
function planOf(reading: QueryReading, vocabulary: Vocabulary, elsewhere: ReadonlySet<string>) {
  let sure = 0;
  const forgiving: string[][] = [];
  const shown: string[] = [];
  const unmatched: number[] = [];
  reading.keys.forEach((key, i) => {
    const word = reading.words[i]!;
    const whole = vocabulary.isWord(key) || elsewhere.has(key);
    const isKnown = whole || vocabulary.hasPrefix(key);
    const edits = forgivenEdits([...word].length);
    const fixes = !whole && edits && key.length >= 3 ? vocabulary.similar(key, edits, word) : [];
    sure += whole ? key.length : isKnown ? key.length - 1 : 0;
    forgiving.push([key, ...fixes.map((f) => f.key)]);
    if (!isKnown && fixes.length) {
      sure += key.length - fixes[0]!.edits - 1;
      shown.push(vocabulary.display(fixes[0]!.key));
    } else {
      // Swapped words are shown as the catalogue writes them (`ьфылф` is «маска», not `maska`).
      shown.push(reading.swapped && vocabulary.isWord(key) ? vocabulary.display(key) : word);
      if (!isKnown) unmatched.push(i);
    }
  });
  return { reading, sure, forgiving, shown, unmatched };
}

/**
 * The plan for a raw query: the reading (layout) that makes the most known words, and its typos'
 * corrections. `elsewhere` holds words known from outside names (descriptions), left as typed.
 */
export function planSearch(raw: string, vocabulary: Vocabulary, elsewhere: ReadonlySet<string> = new Set()): SearchPlan | null {
  const plans = queryReadings(raw).filter((r) => r.keys.length).map((r) => planOf(r, vocabulary, elsewhere));
  if (!plans.length) return null;
  // As typed wins ties: a swapped layout must explain more.
  const best = plans.reduce((a, b) => (b.sure > a.sure ? b : a));
  const { reading, forgiving, shown, unmatched } = best;
  const changed = reading.swapped || shown.some((w, i) => w !== reading.words[i]);
  const kept = (_: unknown, i: number) => !unmatched.includes(i);
  const loose = unmatched.length && unmatched.length < reading.keys.length
    ? { keys: reading.keys.filter(kept), forgiving: forgiving.filter(kept) } : null;
  return { keys: reading.keys, forgiving, loose, swapped: reading.swapped, understood: changed ? shown.join(' ') : null };
}
