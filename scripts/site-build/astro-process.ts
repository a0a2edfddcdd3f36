/**
 * One `astro build` of the site into the folder given as the argument, run by `buildSite()` as a
 * process of its own. Astro's command line logs two lines for every page at the 'info' level, which
 * cost a build of 50,000 pages about 3 s of each process (and the parent reading them); only
 * warnings and errors are logged here (SITE_BUILD_LOG=info brings Astro's full log back). The build's
 * own `[build data]` lines still print. Pages are written in place (see write-in-place.ts).
 */
import { build } from 'astro';
import { writeInPlace } from './write-in-place.ts';

writeInPlace();
const [outDir] = process.argv.slice(2);
try {
  await build({ outDir, logLevel: process.env.SITE_BUILD_LOG === 'info' ? 'info' : 'warn' });
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
}
