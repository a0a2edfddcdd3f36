/**
 * The parts of a split build (shard.ts) read the catalogue once: the lead reads it from Directus,
 * saves the rows and tells the parent process; another part asks the parent, which answers once the
 * lead has told it (at once when it already has), and then loads the rows from the file. The
 * messages are declared in handoff.ts.
 */
import { asBuildMessage, asParentMessage, type BuildMessage, type ParentMessage } from './handoff.ts';

const tellParent = (message: BuildMessage) => process.send?.(message);

/** The lead: the rows are in their file. */
export function announceRowsSaved(): void {
  tellParent({ type: 'catalogue-saved' });
}

/** Another part: resolves once the lead has saved the rows. */
export function rowsSaved(): Promise<void> {
  if (!process.send) return Promise.reject(new Error('a part of a split build needs its parent to hand over the catalogue'));
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (asParentMessage(message)?.type !== 'catalogue-ready') return;
      process.off('message', onMessage);
      // The channel would otherwise hold the process open once the build is done.
      process.disconnect?.();
      resolve();
    };
    process.on('message', onMessage);
    tellParent({ type: 'catalogue-wanted' });
  });
}

/**
 * The parent's side: passes the lead's notice on to the parts that asked, and to any that ask
 * later. `send(part, message)` reaches one part; other messages are let be.
 */
export function createRowsRelay(send: (part: number, message: ParentMessage) => void) {
  let ready = false;
  const waiting = new Set<number>();
  return {
    receive(part: number, raw: unknown) {
      const message = asBuildMessage(raw);
      if (message?.type === 'catalogue-saved') {
        ready = true;
        for (const p of waiting) send(p, { type: 'catalogue-ready' });
        waiting.clear();
      } else if (message?.type === 'catalogue-wanted') {
        if (ready) send(part, { type: 'catalogue-ready' });
        else waiting.add(part);
      }
    },
  };
}
