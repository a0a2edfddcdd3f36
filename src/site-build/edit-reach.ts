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
import type { RowsDelta } from './rows-delta.ts';

/** Ids of the titles whose page, the titles whose cast page, and the people whose page may have changed. */
export interface PageReach {
  titles: Set<number>;
  casts: Set<number>;
  actors: Set<number>;
}

const ids = (record: Record<number, unknown>) => Object.keys(record).map(Number);

/** What `delta`, made from `previous` into `next` (rows-delta.ts), can reach. */
export function editReach(previous: CatalogueRows, next: CatalogueRows, delta: RowsDelta): PageReach {
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
  return { titles, casts, actors };
}
