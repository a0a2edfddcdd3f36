/**
 * The category page's alphabetical index: digits 1 to 10, Latin A to Z and the
 * Russian alphabet. Every key is a name prefix, the same kind of value the prefix search box
 * puts in `q`, so a key and a typed prefix filter the same way.
 *
 * - '10' is a prefix like the others: it finds names starting with "10" ("10 дней любви"),
 *   which '1' finds too. No key exists for 0; the search box finds such names.
 * - The Russian alphabet has 33 letters (RUSSIAN_ALPHABET), but the index shows 29: Ъ, Ы and Ь
 *   begin no Russian word, and Ё is folded into Е by the search normalisation (names starting
 *   with Ё are found under Е, as "Ёлки" is found by typing "елки").
 */
import { normaliseSearch } from '../../shared/search-text.ts';

export const DIGIT_KEYS: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
export const LATIN_LETTERS: readonly string[] = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
export const RUSSIAN_ALPHABET: readonly string[] = [...'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ'];

/** Letters of the Russian alphabet with no key of their own, and why (see the module note). */
export const RUSSIAN_LETTERS_WITHOUT_KEY: readonly string[] = ['Ё', 'Ъ', 'Ы', 'Ь'];
export const RUSSIAN_KEYS: readonly string[] = RUSSIAN_ALPHABET.filter((l) => !RUSSIAN_LETTERS_WITHOUT_KEY.includes(l));

/** The index in screen order, grouped as the page shows it. */
export const ALPHABET_GROUPS: readonly { name: 'digits' | 'latin' | 'russian'; keys: readonly string[] }[] = [
  { name: 'digits', keys: DIGIT_KEYS },
  { name: 'latin', keys: LATIN_LETTERS },
  { name: 'russian', keys: RUSSIAN_KEYS },
];
export const ALPHABET_KEYS: readonly string[] = ALPHABET_GROUPS.flatMap((g) => g.keys);

/** The folded prefix a key or a typed query stands for; null when nothing is left to match. */
export function alphabetPrefix(letterOrPrefix: string | null | undefined): string | null {
  return normaliseSearch(letterOrPrefix ?? '') || null;
}

/** True when `q` is one of the index keys (so its button shows as pressed), case-blind. */
export function isAlphabetKey(q: string | null | undefined): boolean {
  const prefix = alphabetPrefix(q);
  return prefix !== null && ALPHABET_KEYS.some((k) => normaliseSearch(k) === prefix);
}

/** Whether a title name starts with a key or typed prefix, folded as the search folds (ё→е, any case). */
export function startsWithLetter(name: string | null | undefined, letterOrPrefix: string): boolean {
  const prefix = alphabetPrefix(letterOrPrefix);
  return prefix !== null && normaliseSearch(name ?? '').startsWith(prefix);
}
