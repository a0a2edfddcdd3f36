/**
 * The search's query set, made from the demo catalogue itself: for each title, the word of its
 * name no other title's name has (the longest such), written as people mistype it — in the other
 * keyboard layout, in Latin (the word its slug has in that place), with a letter dropped, with two
 * neighbouring letters swapped, with е for ё; and every person by their Russian and English names.
 */
import { ACTORS } from '../../directus/seed/data/actors.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { foldWords, swapLayout } from '../../shared/search-variants.ts';

export interface TitleQuery {
  kind: 'layout' | 'latin' | 'dropped' | 'swapped' | 'yo';
  query: string;
  slug: string;
  name: string;
}

export interface PersonQuery {
  query: string;
  slug: string;
  name: string;
}

/** How far down the results the intended one may be and still count as found. */
export const FIRST_RESULTS = 5;

const letters = (word: string) => [...word];

/** The longest word of the title's name that no other title's name has, when it has five letters or more. */
function distinctiveWord(slug: string): { word: string; at: number } | null {
  const own = TITLES.find((t) => t.slug === slug)!;
  const others = new Set(TITLES.filter((t) => t.slug !== slug).flatMap((t) => foldWords(t.name)));
  const words = foldWords(own.name);
  let best: { word: string; at: number } | null = null;
  words.forEach((word, at) => {
    if (letters(word).length >= 5 && !others.has(word) && (!best || letters(word).length > letters(best.word).length)) best = { word, at };
  });
  return best;
}

/** The distinctive word as written with the name's own capitals and ё (the name as the catalogue has it). */
function asWritten(name: string, at: number): string {
  return name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)[at]!;
}

export function titleQueries(): TitleQuery[] {
  return TITLES.flatMap((t) => {
    const found = distinctiveWord(t.slug);
    if (!found) return [];
    const { word, at } = found;
    const chars = letters(word);
    const middle = Math.floor(chars.length / 2);
    const slugWords = t.slug.split('-');
    const nameWords = foldWords(t.name);
    const written = asWritten(t.name, at);
    const queries: Omit<TitleQuery, 'slug' | 'name'>[] = [
      { kind: 'layout', query: swapLayout(word) },
      { kind: 'dropped', query: [...chars.slice(0, middle), ...chars.slice(middle + 1)].join('') },
      { kind: 'swapped', query: [...chars.slice(0, middle - 1), chars[middle]!, chars[middle - 1]!, ...chars.slice(middle + 1)].join('') },
    ];
    // Latin only where the slug transliterates the name word for word (and the word is not Latin already).
    if (slugWords.length === nameWords.length && slugWords[at] !== word) queries.push({ kind: 'latin', query: slugWords[at]! });
    if (/ё/i.test(written)) queries.push({ kind: 'yo', query: written.replace(/ё/g, 'е').replace(/Ё/g, 'Е') });
    return queries.map((q) => ({ ...q, slug: t.slug, name: t.name }));
  });
}

export function personQueries(): PersonQuery[] {
  return ACTORS.flatMap((a) => [a.nameRu, a.nameEn].filter(Boolean).map((query) => ({ query, slug: a.slug, name: a.nameRu })));
}

/** A few of each kind, from titles of every category: what the browser tries (the API tries them all). */
export function sampleQueries(perKind = 2): TitleQuery[] {
  const byKind = new Map<string, TitleQuery[]>();
  for (const q of titleQueries()) {
    const list = byKind.get(q.kind) ?? [];
    const category = TITLES.find((t) => t.slug === q.slug)!.category;
    if (list.length < perKind && !list.some((x) => TITLES.find((t) => t.slug === x.slug)!.category === category)) list.push(q);
    byKind.set(q.kind, list);
  }
  return [...byKind.values()].flat();
}

/**
 * Every query of the set asked of the search endpoint at `base`: what was not found among the first
 * results (titles) or in the people group (people), one line each; empty when all were.
 */
export async function queryMisses(base: string): Promise<string[]> {
  const ask = async (q: string) => {
    const res = await fetch(`${base}/site/search?q=${encodeURIComponent(q)}`);
    if (!res.ok) throw new Error(`search «${q}» → ${res.status}`);
    return (await res.json()).data as { titles: { slug: string; name: string }[]; people: { slug: string }[] };
  };
  const misses: string[] = [];
  for (const q of titleQueries()) {
    const found = await ask(q.query);
    if (!found.titles.slice(0, FIRST_RESULTS).some((t) => t.slug === q.slug)) {
      misses.push(`${q.kind} «${q.query}» for «${q.name}»: ${found.titles.slice(0, FIRST_RESULTS).map((t) => t.name).join('; ') || 'nothing'}`);
    }
  }
  for (const q of personQueries()) {
    const found = await ask(q.query);
    if (!found.people.some((p) => p.slug === q.slug)) misses.push(`person «${q.query}»`);
  }
  return misses;
}
