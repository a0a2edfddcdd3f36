/**
 * Work a person starts from an island (a write, or a read the island shows): whether it is under
 * way, what went wrong, and a retry that repeats the same attempt. A start while the work is under
 * way is ignored, so a double click never sends twice. Failures are caught here and told as the
 * backend's own reason when it gave one, else as the task's message; nothing else writes a busy
 * flag or a `finally`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { reasonOf } from '../lib/directus/request-error.ts';

export interface TaskState {
  pending: boolean;
  /** What to tell the person about the last attempt, or null when it did not fail. */
  error: string | null;
}

export interface Task<A extends unknown[]> {
  readonly $state: ReadableAtom<TaskState>;
  /** Starts the work unless it is under way; true once it finished, false when it failed or was ignored. */
  run(...args: A): Promise<boolean>;
  /** Repeats the last failed attempt with the same arguments; false when there is none. */
  retry(): Promise<boolean>;
  /** Forgets a failure, once what it spoke of has changed. */
  dismiss(): void;
}

/** What a failure says: a fixed message, or one chosen from the error (for refusals of its own kind). */
export type FailureMessage = string | ((err: unknown) => string);

const IDLE: TaskState = { pending: false, error: null };

export function task<A extends unknown[]>(work: (...args: A) => Promise<unknown>, failure: FailureMessage): Task<A> {
  const $state = atom<TaskState>(IDLE);
  let failed: A | null = null;

  async function run(...args: A): Promise<boolean> {
    if ($state.get().pending) return false;
    $state.set({ pending: true, error: null });
    try {
      await work(...args);
      failed = null;
      $state.set(IDLE);
      return true;
    } catch (err) {
      console.error(err);
      failed = args;
      $state.set({ pending: false, error: typeof failure === 'function' ? failure(err) : reasonOf(err, failure) });
      return false;
    }
  }

  return {
    $state,
    run,
    retry: () => (failed ? run(...failed) : Promise.resolve(false)),
    dismiss: () => {
      if ($state.get().error !== null) $state.set({ ...$state.get(), error: null });
    },
  };
}

/**
 * Tasks of many things of one kind (a reaction per review, a removal per list item): each key has
 * its own state, so one item's work neither blocks nor speaks for another's.
 */
export interface TaskPerKey<K, A extends unknown[]> {
  /** The task of one key, made on first use. */
  of(key: K): Task<A>;
}

export function taskPerKey<K, A extends unknown[]>(work: (key: K, ...args: A) => Promise<unknown>, failure: FailureMessage): TaskPerKey<K, A> {
  const tasks = new Map<K, Task<A>>();
  return {
    of(key) {
      let t = tasks.get(key);
      if (!t) tasks.set(key, (t = task((...args: A) => work(key, ...args), failure)));
      return t;
    },
  };
}
