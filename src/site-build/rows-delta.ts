/**
 * What an edit changed in the catalogue's rows: the rows read again, the related lists and the
 * counters that moved. The pages it can reach are worked out from it (edit-reach.ts), and it is
 * appended to the saved rows (catalogue-snapshot.ts), so an edit writes what it changed rather than
 * the whole catalogue again.
 */
import { mergeById, type CatalogueRows } from '../lib/directus/catalogue.ts';
import type { RatingSummary } from '../lib/directus/queries.ts';

export interface RowsDelta {
  /** The titles and people read again, as they came back; those that did not (deleted, unpublished) in `gone`. */
  titles: CatalogueRows['titles'];
  actors: CatalogueRows['actors'];
  gone: { titles: number[]; actors: number[] };
  /** Related lists that changed; null for a title that left. */
  related: Record<number, number[] | null>;
  /** Review counts and ratings that moved; null where there are none now. */
  comments: Record<number, number | null>;
  ratings: Record<number, RatingSummary | null>;
}

const sameList = (a: number[], b: number[]) => a.length === b.length && a.every((id, i) => id === b[i]);
const sameRating = (a: RatingSummary, b: RatingSummary) => a.average === b.average && a.count === b.count;

/** The entries of `after` that differ from `before`'s, and null for those it no longer has. */
function changedEntries<T>(before: Record<number, T>, after: Record<number, T>, same: (a: T, b: T) => boolean): Record<number, T | null> {
  const changed: Record<number, T | null> = {};
  for (const [key, value] of Object.entries(after) as [string, T][]) {
    const was = before[Number(key)];
    if (was === undefined || !same(was, value)) changed[Number(key)] = value;
  }
  for (const key of Object.keys(before)) if (!(key in after)) changed[Number(key)] = null;
  return changed;
}

/**
 * What `next` (the previous rows with `reread` read again) changed of `previous`; null when either
 * lacks the related lists or the counters.
 */
export function rowsDelta(previous: CatalogueRows, next: CatalogueRows, reread: { titles: number[]; actors: number[] }): RowsDelta | null {
  if (!previous.related || !next.related || !previous.counters || !next.counters) return null;
  const titles = new Set(reread.titles);
  const actors = new Set(reread.actors);
  const came = { titles: next.titles.filter((t) => titles.has(t.id)), actors: next.actors.filter((a) => actors.has(a.id)) };
  const back = { titles: new Set(came.titles.map((t) => t.id)), actors: new Set(came.actors.map((a) => a.id)) };
  return {
    ...came,
    gone: { titles: reread.titles.filter((id) => !back.titles.has(id)), actors: reread.actors.filter((id) => !back.actors.has(id)) },
    related: changedEntries(previous.related, next.related, sameList),
    comments: changedEntries(previous.counters.comments, next.counters.comments, (a, b) => a === b),
    ratings: changedEntries(previous.counters.ratings, next.counters.ratings, sameRating),
  };
}

/** `record` with `changes` put in: a null leaves. */
function patched<T>(record: Record<number, T>, changes: Record<number, T | null>): Record<number, T> {
  const result = { ...record };
  for (const [key, value] of Object.entries(changes) as [string, T | null][]) {
    if (value === null) delete result[Number(key)];
    else result[Number(key)] = value;
  }
  return result;
}

/** `rows` with `delta` applied: the rows an edit made from them. */
export function applyDelta(rows: CatalogueRows, delta: RowsDelta): CatalogueRows {
  const counters = rows.counters ?? { comments: {}, ratings: {} };
  return {
    titles: mergeById(rows.titles, [...delta.titles.map((t) => t.id), ...delta.gone.titles], delta.titles),
    actors: mergeById(rows.actors, [...delta.actors.map((a) => a.id), ...delta.gone.actors], delta.actors),
    coMarks: rows.coMarks ?? {},
    related: patched(rows.related ?? {}, delta.related),
    counters: { comments: patched(counters.comments, delta.comments), ratings: patched(counters.ratings, delta.ratings) },
  };
}

/** Several deltas, in the order they were made, as one. */
export function combineDeltas(deltas: readonly RowsDelta[]): RowsDelta {
  const titles = new Map<number, CatalogueRows['titles'][number] | null>();
  const actors = new Map<number, CatalogueRows['actors'][number] | null>();
  const combined: RowsDelta = { titles: [], actors: [], gone: { titles: [], actors: [] }, related: {}, comments: {}, ratings: {} };
  for (const delta of deltas) {
    for (const id of delta.gone.titles) titles.set(id, null);
    for (const id of delta.gone.actors) actors.set(id, null);
    for (const t of delta.titles) titles.set(t.id, t);
    for (const a of delta.actors) actors.set(a.id, a);
    Object.assign(combined.related, delta.related);
    Object.assign(combined.comments, delta.comments);
    Object.assign(combined.ratings, delta.ratings);
  }
  for (const [id, row] of titles) if (row) combined.titles.push(row); else combined.gone.titles.push(id);
  for (const [id, row] of actors) if (row) combined.actors.push(row); else combined.gone.actors.push(id);
  return combined;
}
