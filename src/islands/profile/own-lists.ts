/**
 * The own profile's lists (marks, favourite actors): how many a page shows, and taking an item
 * off the list, which the backend confirms before the item leaves the screen.
 */
import { useState } from 'react';

export const PROFILE_PAGE_SIZE = 20;

interface Droppable<T> { drop(match: (item: T) => boolean): void }

export function useRemoval<T extends { id: number }>(list: Droppable<T>, remove: (id: number) => Promise<void>, failure: (item: T) => string) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const mark = (id: number, on: boolean) => setBusy((now) => {
    const next = new Set(now);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });

  const run = (item: T) => {
    setProblem(null);
    mark(item.id, true);
    remove(item.id)
      .then(() => list.drop((x) => x.id === item.id))
      .catch((err: unknown) => { console.error(err); setProblem(failure(item)); })
      .finally(() => mark(item.id, false));
  };
  return { busy, problem, remove: run };
}
