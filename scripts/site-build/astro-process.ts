/**
 * One `astro build` of the site, run by `buildSite()` (build.ts) as a process of its own; what it
 * builds, and where, comes in its handoff (src/site-build/handoff.ts). Astro's command line logs two
 * lines for every page at the 'info' level, which cost a build of 50,000 pages about 3 s of each
 * process (and the parent reading them); only warnings and errors are logged unless the handoff asks
 * for 'info'. The build's own `[build data]` lines still print. Pages are written in place (see write-in-place.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'astro';
import { readHandoff } from '../../src/site-build/handoff.ts';
import { withDirLock } from '../lib/dir-lock.ts';
import { ROOT } from '../lib/paths.ts';
import { writeInPlace } from './write-in-place.ts';

writeInPlace();
try {
  const { outDir, astroLog, part } = readHandoff();
  // The bundler prepares its dependencies once into a folder it renames into place: the parts of a
  // build each have a folder of their own, and builds starting at once on a fresh checkout (two test
  // suites) take turns until it is there; otherwise two renames into one folder fail a build.
  const cacheDir = path.join(ROOT, 'node_modules/.vite', `part-${part.index}`);
  const run = () => build({ outDir, logLevel: astroLog, vite: { cacheDir } });
  await (existsSync(path.join(cacheDir, 'deps/_metadata.json')) ? run() : withDirLock(`${cacheDir}.lock`, run));
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
}
