/**
 * Live changes kept to be replayed over reads. A read's answer may be older than the read: the
 * site server shares a visitor's read for up to `maxAge` ms (shared/shared-read-age.ts). So a read
 * that lands gets every change heard since `maxAge` before it was sent, to lay over its answer in
 * the order they came; a change is kept while a read sent within `maxAge` after it may still land.
 * Replaying a change the answer already holds undoes nothing: a review comes whole, and any later
 * change of it comes later in the log; a reaction is known by its id.
 */
export interface ChangeLog<T> {
  /** A change heard now. */
  note(change: T): void;
  /** A read sent now; what it returns gives, once the read is over, the changes to replay over its answer. */
  reading(): () => T[];
}

export function changeLog<T>(maxAge: number, now: () => number = Date.now): ChangeLog<T> {
  let kept: { at: number; change: T }[] = [];
  const reads = new Set<{ at: number }>();

  const prune = () => {
    let since = now();
    for (const read of reads) since = Math.min(since, read.at);
    since -= maxAge;
    if (kept.length && kept[0]!.at < since) kept = kept.filter((e) => e.at >= since);
  };

  return {
    note(change) {
      kept.push({ at: now(), change });
      prune();
    },
    reading() {
      const read = { at: now() };
      reads.add(read);
      return () => {
        reads.delete(read);
        const replay = kept.filter((e) => e.at >= read.at - maxAge).map((e) => e.change);
        prune();
        return replay;
      };
    },
  };
}
