/**
 * Forgiving search, the one place that says how text is folded and what a query may have meant:
 * the backend's hooks build the index with it, and the search endpoint folds queries with it, so
 * the two never disagree.
 *
 * - `foldWords`: lower case, ё = е, accents off Latin letters, any punctuation or spacing between words.
 * - `skeleton`: one spelling for Russian and its Latin transliterations alike («Токийская»,
 *   `tokiyskaya`, `tokijskaja` and `tokiskaya` all give `tokiskaia`), on which typos are counted.
 * - `swapLayout`: the same keys pressed in the other keyboard layout (`ljhfvf` ↔ «дорама»).
 */
import { CYRILLIC_TO_LATIN } from './slug.ts';
import { titleSearchText } from './search-text.ts';

/** ЙЦУКЕН over QWERTY, key by key (unshifted; text is folded to lower case first). */
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`";
const JCUKEN = 'йцукенгшщзхъфывапролджэячсмитьбюё';

const TO_RUSSIAN = new Map([...QWERTY].map((c, i) => [c, JCUKEN[i]!]));
const TO_LATIN = new Map([...JCUKEN].map((c, i) => [c, QWERTY[i]!]));

/** The text as if typed with the other keyboard layout: every key of either layout swapped. */
export function swapLayout(text: string): string {
  let out = '';
  for (const c of text.toLowerCase()) out += TO_RUSSIAN.get(c) ?? TO_LATIN.get(c) ?? c;
  return out;
}

/** Accents off Latin letters only: Cyrillic й must stay й. */
function plainLatin(text: string): string {
  return text.replace(/[\u00c0-\u024f]/g, (c) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
}

/** Folded words: lower case, ё as е, Latin accents off, split on anything that is not a letter or digit. */
export function foldWords(text: unknown): string[] {
  if (typeof text !== 'string' || !text) return [];
  const folded = plainLatin(text.normalize('NFC').toLowerCase()).replaceAll('ё', 'е');
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * Latin spellings that stand for one sound, each made one letter, and letters transliterations
 * use interchangeably made one: ш → w, ж → j, ч → q (the Latin w, j and q are read as v, i and k).
 */
const SOUNDS: [string, string][] = [
  ['shch', 'w'], ['sch', 'w'], ['sh', 'w'], ['zh', 'j'], ['ch', 'q'], ['kh', 'h'], ['ts', 'c'], ['tz', 'c'],
  ['ck', 'k'], ['ph', 'f'], ['x', 'ks'], ['w', 'v'], ['q', 'k'], ['y', 'i'], ['j', 'i'],
];

/** One folded word in the shared spelling (see the module note); digits and other scripts stay. */
export function skeletonWord(word: string): string {
  let latin = '';
  for (const c of word) latin += CYRILLIC_TO_LATIN[c] ?? c;
  // ё is folded into е, and written yo or jo (the site's slugs write yo); a word-initial е is also ye or je.
  latin = latin.replace(/^[yj]e/, 'e').replace(/[yj]o/g, 'e');
  let out = '';
  for (let i = 0; i < latin.length;) {
    const hit = SOUNDS.find(([from]) => latin.startsWith(from, i));
    out += hit ? hit[1] : latin[i];
    i += hit ? hit[0].length : 1;
  }
  // «-ий», «-ый» and `-iy`, `-yy`, `-ij` all end in one sound.
  return out.replace(/i{2,}/g, 'i');
}

/** The words of a text in the shared spelling. */
export function skeleton(text: unknown): string[] {
  return foldWords(text).map(skeletonWord).filter(Boolean);
}

/** The longest names' key: PostgreSQL's B-tree on names takes entries up to 2.7 kB (three ordinary names of 255 letters come to about 1,000). */
export const NAME_KEYS_MAX = 2000;

/** Names as the index keeps them: each name's words in the shared spelling, names between bars, whole words up to NAME_KEYS_MAX. */
export function nameKeys(names: readonly unknown[]): string {
  const parts = names.map((n) => skeleton(n).join(' ')).filter(Boolean);
  if (!parts.length) return '';
  const key = `|${parts.join('|')}|`;
  if (key.length <= NAME_KEYS_MAX) return key;
  const cut = key.slice(0, NAME_KEYS_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('|')))}|`;
}

/** The index columns of a title: its names, and its description (each word after a space), in the shared spelling. */
export function titleSearchKeys(t: { name?: unknown; originalName?: unknown; anotherName?: unknown; description?: unknown }) {
  return { searchNames: nameKeys([t.name, t.originalName, t.anotherName]), searchBody: skeleton(t.description).map((w) => ` ${w}`).join('') };
}

/** The index column of a person: their Russian and English names. */
export function personSearchKeys(p: { nameRu?: unknown; nameEn?: unknown }) {
  return { searchNames: nameKeys([p.nameRu, p.nameEn]) };
}

/** Fields whose change means a title's or a person's keys are made again. */
export const TITLE_KEY_SOURCES = ['name', 'originalName', 'anotherName', 'description'] as const;
export const PERSON_KEY_SOURCES = ['nameRu', 'nameEn'] as const;

/** Words of a query taken; a title's name has fewer. */
export const MAX_QUERY_WORDS = 8;

/** How the query was read: as typed, or with the keyboard layout swapped. */
export interface QueryReading {
  /** The folded words as the person meant them (the swapped ones when the layout was swapped). */
  words: string[];
  /** Those words in the shared spelling. */
  keys: string[];
  swapped: boolean;
}

/** The two readings of a query: as typed, and in the other layout when that changes anything. */
export function queryReadings(raw: string): QueryReading[] {
  const typed = foldWords(raw).slice(0, MAX_QUERY_WORDS);
  const readings: QueryReading[] = [{ words: typed, keys: typed.map(skeletonWord), swapped: false }];
  const swappedWords = foldWords(swapLayout(raw)).slice(0, MAX_QUERY_WORDS);
  if (swappedWords.join(' ') !== typed.join(' ') && swappedWords.length) {
    readings.push({ words: swappedWords, keys: swappedWords.map(skeletonWord), swapped: true });
  }
  return readings;
}

/** A word gets one or two typos forgiven from this many letters on (as typed, not as spelt in the index). */
export const FORGIVING_MIN_LETTERS = 5;

/**
 * Typos forgiven in a word of so many letters as typed: two from five letters on; one in four, so
 * that a five-letter word missing a letter is still found; none in shorter words, which would match
 * too much.
 */
export function forgivenEdits(letters: number): number {
  return letters >= FORGIVING_MIN_LETTERS ? 2 : letters === FORGIVING_MIN_LETTERS - 1 ? 1 : 0;
}

/** Columns the backend writes for search, which nobody may set by hand; `searchOpens` counts openings from search. */
export const INDEX_FIELDS = ['searchText', 'searchNames', 'searchBody', 'searchOpens'] as const;

/** A payload without the columns only the backend writes. */
export function withoutIndexFields<T extends Record<string, unknown>>(payload: T): T {
  const rest: Record<string, unknown> = { ...payload };
  for (const f of INDEX_FIELDS) delete rest[f];
  return rest as T;
}

/** Every search column of a title, from its names and description. */
export function titleIndexFields(t: Record<string, unknown>) {
  return { searchText: titleSearchText(t as Parameters<typeof titleSearchText>[0]), ...titleSearchKeys(t) };
}
