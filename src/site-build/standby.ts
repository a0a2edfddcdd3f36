/**
 * A build started ahead of its changes (`startStandby` in scripts/site-build/build.ts): Astro starts and
 * bundles the site while nothing has changed yet, then the build waits, reading nothing from
 * Directus, until the parent says which titles and people changed. A read before that word could
 * miss the very change the build is for, so the build's reader waits for it too.
 */
import type { CatalogueChanges } from '../lib/directus/catalogue.ts';
import { once } from '../lib/once.ts';

/** Set for a build started ahead. */
export const STANDBY_ENV = 'SITE_STANDBY';
/** The build, to its parent: bundled, and waiting for the changes. */
export const STANDBY_WAITING = 'standby-waiting';

/** The parent, to a build started ahead: go, with these changes. */
export interface GoMessage {
  go: CatalogueChanges;
}

const isGoMessage = (message: unknown): message is GoMessage =>
  typeof message === 'object' && message !== null && 'go' in message;

/** Its parent's word, for a build started ahead; it ends if the parent goes first. */
function parentsWord(): Promise<CatalogueChanges> {
  if (!process.send || !process.connected) process.exit(1);
  return new Promise((resolve) => {
    const gone = () => process.exit(1);
    const onMessage = (message: unknown) => {
      if (!isGoMessage(message)) return;
      process.off('message', onMessage);
      process.off('disconnect', gone);
      resolve(message.go);
    };
    process.on('message', onMessage);
    process.on('disconnect', gone);
    process.send!(STANDBY_WAITING);
  });
}

/**
 * The titles and people this build is told changed (SITE_CHANGED, or the parent's word for a build
 * started ahead), or null when it reads the whole catalogue.
 */
export const buildChanges = once(async (): Promise<CatalogueChanges | null> => {
  if (process.env[STANDBY_ENV] === '1') return parentsWord();
  return process.env.SITE_CHANGED ? (JSON.parse(process.env.SITE_CHANGED) as CatalogueChanges) : null;
});
