/**
 * Holds the build open until the pages it kept from the previous build are linked in (page-reuse.ts)
 * and the work the pages started is done (build-end.ts).
 */
import type { AstroIntegration } from 'astro';
import { pendingWorkDone } from './build-end.ts';
import { keptPagesLinked } from './page-reuse.ts';
import { logMoment } from './build-log.ts';

export default function buildDoneWaits(): AstroIntegration {
  return {
    name: 'site-build:done-waits',
    hooks: {
      'astro:build:done': async () => {
        logMoment('pages written');
        await Promise.all([keptPagesLinked(), pendingWorkDone()]);
      },
    },
  };
}
