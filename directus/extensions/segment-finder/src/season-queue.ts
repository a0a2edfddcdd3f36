/**
 * Seasons are analysed one at a time, after whatever asked for them has been answered: a request
 * only queues work, and a season waits for the one before it, so at most one decode runs at once.
 */
import type { SeasonResult } from './season.ts';

export type SeasonJob<T = SeasonResult> = () => Promise<T>;

export interface SeasonQueue<T = SeasonResult> {
  /** Runs `job` after the jobs queued before it; the promise settles with its result. */
  enqueue(job: SeasonJob<T>): Promise<T>;
  /** Jobs queued or running. */
  readonly pending: number;
}

export function createSeasonQueue<T = SeasonResult>(onError: (err: unknown) => NoInfer<T>): SeasonQueue<T> {
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;
  return {
    enqueue(job) {
      pending++;
      const run = tail.then(() => job()).catch(onError).finally(() => { pending--; });
      tail = run;
      return run;
    },
    get pending() {
      return pending;
    },
  };
}
