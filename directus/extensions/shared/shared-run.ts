/**
 * One run of costly work for everyone who asks meanwhile: a call while a run is on its way gets that
 * run's answer, and so does a call within `reuseMs` after it ended. A failed run is not reused (the
 * next call starts afresh). Reads whose cost does not depend on who asks (an aggregate over every
 * title, the backend's health) are then made once however many ask at once.
 */
export function sharedRun<T>(run: () => Promise<T>, reuseMs = 0, now: () => number = () => performance.now()): () => Promise<T> {
  let last: { result: Promise<T>; endedAt: number | null } | null = null;
  return () => {
    if (last && (last.endedAt === null || now() - last.endedAt < reuseMs)) return last.result;
    const current: { result: Promise<T>; endedAt: number | null } = { result: run(), endedAt: null };
    last = current;
    current.result.then(() => {
      current.endedAt = now();
    }, () => {
      if (last === current) last = null;
    });
    return current.result;
  };
}
