/**
 * One `astro build` of the site, run by `buildSite()` (build.ts) as a process of its own; what it
 * builds, and where, comes in its handoff (src/site-build/handoff.ts). Astro's command line logs two
 * lines for every page at the 'info' level, which cost a build of 50,000 pages about 3 s of each
 * process (and the parent reading them); only warnings and errors are logged unless the handoff asks
 * for 'info'. The build's own `[build data]` lines still print. Pages are written in place (see write-in-place.ts).
 */
import { build } from 'astro';
import { readHandoff } from '../../src/site-build/handoff.ts';
import { writeInPlace } from './write-in-place.ts';

writeInPlace();
try {
  const { outDir, astroLog, part } = readHandoff();
  // The parts start at once: each prepares the bundler's dependencies in a folder of its own, or on a
  // fresh checkout two would race to rename theirs into the same one, and one build would fail.
  await build({ outDir, logLevel: astroLog, vite: { cacheDir: `node_modules/.vite/part-${part.index}` } });
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
}
