/**
 * A build started ahead of its changes (`startStandby` in scripts/site-build/build.ts; its handoff's
 * changes are 'later'): Astro starts and bundles the site while nothing has changed yet, then the
 * build waits, reading nothing from Directus, until the parent says which titles and people changed.
 * A read before that word could miss the very change the build is for, so the build's reader waits for it too.
 */
import type { CatalogueChanges } from '../lib/directus/catalogue.ts';
import { once } from '../lib/once.ts';
import { asParentMessage, handoff, type BuildMessage } from './handoff.ts';
import { logMoment } from './build-log.ts';

/** Whether this process is a build started ahead. */
export const startedAhead = (): boolean => handoff().changes.kind === 'later';

/** What a build started ahead makes before it says it waits (the previous rows, loaded and indexed). */
let preparing: Promise<unknown> = Promise.resolve();

/** Makes `work` part of getting ready: the parent hears the build waits once it is done (or failed, to be met where it is read). */
export function prepareAhead(work: Promise<unknown>): void {
  preparing = work.catch(() => undefined);
}

/** Its parent's word, for a build started ahead; it ends if the parent goes first. */
async function parentsWord(): Promise<CatalogueChanges> {
  if (!process.send || !process.connected) process.exit(1);
  await preparing;
  return new Promise((resolve) => {
    const gone = () => process.exit(1);
    const onMessage = (message: unknown) => {
      const word = asParentMessage(message);
      if (word?.type !== 'go') return;
      process.off('message', onMessage);
      process.off('disconnect', gone);
      logMoment('told what changed');
      resolve(word.changed);
    };
    process.on('message', onMessage);
    process.on('disconnect', gone);
    const waiting: BuildMessage = { type: 'standby-waiting' };
    process.send!(waiting);
  });
}

/**
 * The titles and people this build is told changed (in its handoff, or the parent's word for a build
 * started ahead), or null when it reads the whole catalogue.
 */
export const buildChanges = once(async (): Promise<CatalogueChanges | null> => {
  const { changes } = handoff();
  if (changes.kind === 'later') return parentsWord();
  return changes.kind === 'some' ? changes.changed : null;
});
