/** An island's view of a task (`task.ts`): its state as React state, and its actions. */
import { useStore } from '@nanostores/react';
import type { Task, TaskState } from './task.ts';

export type TaskView<A extends unknown[]> = TaskState & Pick<Task<A>, 'run' | 'retry' | 'dismiss'>;

export function useTask<A extends unknown[]>(task: Task<A>): TaskView<A> {
  const state = useStore(task.$state);
  return { ...state, run: task.run, retry: task.retry, dismiss: task.dismiss };
}
