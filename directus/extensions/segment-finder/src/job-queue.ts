/**
 * Work the analysis does runs one job at a time, after whatever asked for it has been answered: a
 * request only queues it, and a job waits for the one before it, so at most one decode runs at once.
 */
export type Job<T> = () => Promise<T>;

export interface JobQueue<T> {
  /** Runs `job` after the jobs queued before it; the promise settles with its result. */
  enqueue(job: Job<T>): Promise<T>;
  /** Jobs queued or running. */
  readonly pending: number;
}

export function createJobQueue<T>(onError: (err: unknown) => NoInfer<T>): JobQueue<T> {
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
