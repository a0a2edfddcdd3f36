/**
 * The title, cast and person pages an edit can change, so an edit's build keys those alone and keeps
 * the previous keys of the rest (hundreds of thousands of pages at a large catalogue). What each page
 * is made from (build-data.ts keys the same):
 * - a title's page: its row with its people, its related titles' cards, its rating;
 * - its cast page: its row with its people;
 * - a person's page: their row and the cards of their titles.
 * A title's card is its row and its review count.
 */
import { castOf, type CatalogueRows } from '../lib/directus/catalogue.ts';
import type { TitleRow } from '../lib/directus/reader.ts';

/** Ids of the titles whose page, the titles whose cast page, and the people whose page may have changed. */
export interface PageReach {
  titles: Set<number>;
  casts: Set<number>;
  actors: Set<number>;
}

const sameList = (a: readonly number[] = [], b: readonly number[] = []) => a.length === b.length && a.every((id, i) => id === b[i]);
const sameRating = (a: { average: number | null; count: number } | undefined, b: typeof a) =>
  (a?.average ?? null) === (b?.average ?? null) && (a?.count ?? 0) === (b?.count ?? 0);

/** Ids whose value differs between two records (one missing counts as differing from a present one). */
function moved<T>(before: Record<number, T>, after: Record<number, T>, same: (a: T | undefined, b: T | undefined) => boolean): number[] {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)].map(Number));
  return [...ids].filter((id) => !same(before[id], after[id]));
}

/**
 * What `changed` (the titles and people read again) and the counters moved between `previous` and
 * `next` can reach; null when the rows lack what it is worked out from (then every page is keyed).
 */
export function editReach(previous: CatalogueRows, next: CatalogueRows, changed: { titles: number[]; actors: number[] }): PageReach | null {
  if (!previous.counters || !next.counters || !previous.related || !next.related) return null;
  const titles = new Set(changed.titles);
  const casts = new Set(changed.titles);
  const actors = new Set(changed.actors);

  const cards = new Set([...changed.titles, ...moved(previous.counters.comments, next.counters.comments, (a, b) => (a ?? 0) === (b ?? 0))]);
  for (const id of moved(previous.counters.ratings, next.counters.ratings, sameRating)) titles.add(id);

  // A changed card shows on the pages of its people, before and after the edit.
  const rowsOf = (rows: TitleRow[]) => new Map(rows.filter((t) => cards.has(t.id)).map((t) => [t.id, t]));
  for (const rows of [rowsOf(previous.titles), rowsOf(next.titles)]) {
    for (const row of rows.values()) for (const person of castOf(row)) actors.add(person);
  }

  // And in the related lists of other titles; a list that changed changes its page.
  for (const [key, list] of Object.entries(next.related)) {
    const id = Number(key);
    if (!sameList(previous.related[id], list) || list.some((shown) => cards.has(shown))) titles.add(id);
  }

  // A changed person shows on the title and cast pages of their titles.
  if (changed.actors.length) {
    const people = new Set(changed.actors);
    for (const row of next.titles) {
      if (castOf(row).some((person) => people.has(person))) {
        titles.add(row.id);
        casts.add(row.id);
      }
    }
  }
  return { titles, casts, actors };
}
