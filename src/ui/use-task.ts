/** An island's view of a task (`task.ts`): its state as React state, and its actions. */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { Task, TaskState } from './task.ts';

export type TaskView<A extends unknown[]> = TaskState & Pick<Task<A>, 'run' | 'retry' | 'dismiss'>;

/**
 * `about`: the values a failure speaks of (a form's fields); once one of them changes, the failure
 * is forgotten, as the person is already changing what was refused.
 */
export function useTask<A extends unknown[]>(task: Task<A>, about?: readonly unknown[]): TaskView<A> {
  const state = useStore(task.$state);
  const seen = useRef(about);
  useEffect(() => {
    const before = seen.current;
    seen.current = about;
    if (before && about && about.some((value, i) => !Object.is(value, before[i]))) task.dismiss();
  });
  return { ...state, run: task.run, retry: task.retry, dismiss: task.dismiss };
}
