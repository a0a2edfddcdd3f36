/**
 * The parts of a split build (shard.ts) read the catalogue once. The lead reads it from Directus and
 * hands it over through files: after a full read, the rows; after an edit, only the rows it read
 * again, which the other parts apply to the previous rows they load meanwhile. It then tells the
 * parent process; another part asks the parent, which answers once the lead has told it (at once
 * when it already has).
 */
/** What the lead handed over: every row, or the changes to the previous rows. */
export type Handoff = 'rows' | 'changes';

const SAVED = 'catalogue-saved:';
const READY = 'catalogue-ready:';
export const WANTED = 'catalogue-wanted';

export const savedMessage = (kind: Handoff) => `${SAVED}${kind}`;
export const readyMessage = (kind: Handoff) => `${READY}${kind}`;

/** The lead: what it handed over is in its file. */
export function announceHandoff(kind: Handoff): void {
  process.send?.(savedMessage(kind));
}

/** Another part: resolves with what the lead handed over, once it has. */
export function handoff(): Promise<Handoff> {
  if (!process.send) return Promise.reject(new Error('a part of a split build needs its parent to hand over the catalogue'));
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message !== 'string' || !message.startsWith(READY)) return;
      process.off('message', onMessage);
      // The channel would otherwise hold the process open once the build is done.
      process.disconnect?.();
      resolve(message.slice(READY.length) as Handoff);
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
  let ready: string | undefined;
  const waiting = new Set<number>();
  return {
    receive(part: number, message: unknown) {
      if (typeof message === 'string' && message.startsWith(SAVED)) {
        ready = `${READY}${message.slice(SAVED.length)}`;
        for (const p of waiting) send(p, ready);
        waiting.clear();
      } else if (message === WANTED) {
        if (ready) send(part, ready);
        else waiting.add(part);
      }
    },
  };
}
