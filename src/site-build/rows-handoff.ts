/**
 * The parts of a split build (shard.ts) read the catalogue once: the lead reads it from Directus,
 * saves the rows and tells the parent process; another part asks the parent, which answers once the
 * lead has told it (at once when it already has), and then loads the rows from the file.
 */
export const SAVED = 'catalogue-saved';
export const READY = 'catalogue-ready';
export const WANTED = 'catalogue-wanted';

/** The lead: the rows are in their file. */
export function announceRowsSaved(): void {
  process.send?.(SAVED);
}

/** Another part: resolves once the lead has saved the rows. */
export function rowsSaved(): Promise<void> {
  if (!process.send) return Promise.reject(new Error('a part of a split build needs its parent to hand over the catalogue'));
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (message !== READY) return;
      process.off('message', onMessage);
      // The channel would otherwise hold the process open once the build is done.
      process.disconnect?.();
      resolve();
    };
    process.on('message', onMessage);
    process.send!(WANTED);
  });
}

/**
 * The parent's side: passes the lead's notice on to the parts that asked, and to any that ask
 * later. `send(part, message)` reaches one part.
 */
export function createRowsRelay(send: (part: number, message: string) => void) {
  let ready = false;
  const waiting = new Set<number>();
  return {
    receive(part: number, message: unknown) {
      if (message === SAVED) {
        ready = true;
        for (const p of waiting) send(p, READY);
        waiting.clear();
      } else if (message === WANTED) {
        if (ready) send(part, READY);
        else waiting.add(part);
      }
    },
  };
}
