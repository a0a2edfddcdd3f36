/**
 * Taking an item off one of the own profile's lists (marks, favourite actors): the backend confirms
 * before the item leaves the screen. Each item's removal is its own task (its button waits alone);
 * the list tells the failure of the removal started last.
 */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { TaskPerKey, TaskState } from '../../ui/task.ts';

interface Droppable<T> { drop(match: (item: T) => boolean): void }

const NONE = atom<TaskState>({ pending: false, error: null });

export function useRemoval<T extends { id: number }>(list: Droppable<T>, removal: TaskPerKey<number, [item: T]>) {
  const [last, setLast] = useState<number | null>(null);
  const { error: problem } = useStore(last === null ? NONE : removal.of(last).$state);

  const remove = (item: T) => {
    setLast(item.id);
    void removal.of(item.id).run(item).then((done) => {
      if (done) list.drop((x) => x.id === item.id);
    });
  };
  return { problem, remove };
}
