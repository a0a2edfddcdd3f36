/**
 * The title, cast and person pages an edit can change, so an edit's build keys those alone and keeps
 * the previous keys of the rest (hundreds of thousands of pages at a large catalogue). What each page
 * is made from (build-data.ts keys the same):
 * - a title's page: its row with its people, its related titles' cards, its rating;
 * - its cast page: its row with its people;
 * - a person's page: their row and the cards of their titles.
 * A title's card is its row and its review count. The list pages are reached as a whole; the sitemap as a
 * whole when an address moved, else the files that tell of titles whose last change moved.
 */
import { castOf, type CatalogueRows } from '../lib/directus/catalogue.ts';
import type { TitleRow } from '../lib/directus/reader.ts';
import type { ListedTitles } from './listed-titles.ts';
import type { RowsDelta } from './rows-delta.ts';

/** Every list page, or the addresses of those to render (none when empty), as listed-titles.ts names them. */
export type ListReach = 'all' | ReadonlySet<string>;

/** Ids of the titles whose page, the titles whose cast page, and the people whose page may have changed. */
export interface PageReach {
  titles: Set<number>;
  casts: Set<number>;
  actors: Set<number>;
  /**
   * The category and tag pages that may have changed. They show titles' cards (a title's row and its review
   * count) and totals, never a person: a changed card reaches the pages that show it; a title that came,
   * left or changed what the lists choose by reaches them all.
   */
  lists: ListReach;
  /** Whether the site's addresses (its sitemap) may have changed: a title or person came, left or took another slug. */
  addresses: boolean;
  /** The titles whose last change, which the sitemap tells of their pages, moved: only their files of the sitemap change. */
  sitemapDates: Set<number>;
}

const ids = (record: Record<number, unknown>) => Object.keys(record).map(Number);

/** Whether `changed` (rows read again) holds a row that was not in `previous`, or one whose `facts` differ. */
function factsMoved<R extends { id: number }>(previous: readonly R[], changed: readonly R[], facts: (row: R) => string): boolean {
  const now = new Map(changed.map((row) => [row.id, facts(row)]));
  let found = 0;
  for (const row of previous) {
    const fact = now.get(row.id);
    if (fact === undefined) continue;
    if (fact !== facts(row)) return true;
    found++;
  }
  return found < now.size;
}

const slugOf = (row: { slug: string }) => row.slug;

/** The ids of the rows of `changed` that were in `previous` with other `facts`. */
function factsChanged<R extends { id: number }>(previous: readonly R[], changed: readonly R[], facts: (row: R) => string): Set<number> {
  const now = new Map(changed.map((row) => [row.id, facts(row)]));
  const moved = new Set<number>();
  for (const row of previous) {
    const fact = now.get(row.id);
    if (fact !== undefined && fact !== facts(row)) moved.add(row.id);
  }
  return moved;
}

/**
 * What the category and tag pages choose and order titles by (their filters and sorts; a list newest by
 * release sorts by the year, as the backend copies it), and the years the filter screen offers.
 */
const listFacts = (t: TitleRow) => JSON.stringify([t.category, t.subCategory, t.tags, t.promo, t.views, t.releaseYear, t.date_created]);

/**
 * The list pages that may have changed: each shows the cards of its titles in `listed` (null when not
 * known) and totals. A title that may now enter a list, leave one or move a total reaches them all;
 * a changed card, the pages that show it.
 */
function listsReached(previous: CatalogueRows, delta: RowsDelta, cards: Set<number>, listed: ListedTitles | null): ListReach {
  if (!listed || delta.gone.titles.length || factsMoved(previous.titles, delta.titles, listFacts)) return 'all';
  return new Set(Object.keys(listed).filter((page) => listed[page]!.some((id) => cards.has(id))));
}

/**
 * What `delta`, made from `previous` into `next` (rows-delta.ts), can reach; `listed`: the titles each
 * served list page shows (listed-titles.ts), null when not known.
 */
export function editReach(previous: CatalogueRows, next: CatalogueRows, delta: RowsDelta, listed: ListedTitles | null): PageReach {
  const changedTitles = [...delta.titles.map((t) => t.id), ...delta.gone.titles];
  const changedPeople = [...delta.actors.map((a) => a.id), ...delta.gone.actors];
  const titles = new Set([...changedTitles, ...ids(delta.ratings), ...ids(delta.related)]);
  const casts = new Set(changedTitles);
  const actors = new Set(changedPeople);

  const cards = new Set([...changedTitles, ...ids(delta.comments)]);
  // A changed card shows on the pages of its people, before and after the edit.
  const rowsOf = (rows: TitleRow[]) => rows.filter((t) => cards.has(t.id));
  for (const row of [...rowsOf(previous.titles), ...rowsOf(next.titles)]) for (const person of castOf(row)) actors.add(person);

  // And in the related lists of other titles.
  for (const [key, list] of Object.entries(next.related ?? {})) {
    if (list.some((shown) => cards.has(shown))) titles.add(Number(key));
  }

  // A changed person shows on the title and cast pages of their titles.
  if (changedPeople.length) {
    const people = new Set(changedPeople);
    for (const row of next.titles) {
      if (castOf(row).some((person) => people.has(person))) {
        titles.add(row.id);
        casts.add(row.id);
      }
    }
  }
  return {
    titles,
    casts,
    actors,
    lists: listsReached(previous, delta, cards, listed),
    addresses: delta.gone.titles.length + delta.gone.actors.length > 0
      || factsMoved(previous.titles, delta.titles, slugOf) || factsMoved(previous.actors, delta.actors, slugOf),
    sitemapDates: factsChanged(previous.titles, delta.titles, (t) => String(t.date_updated)),
  };
}
