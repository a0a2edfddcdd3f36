/**
 * The build's redirects (scripts/lib/redirects.ts): the former slugs as the backend answers them when the
 * pages are made, written beside them. Read afresh by every build, an edit's too: one small answer (a
 * row per slug ever changed), so the table is never older than the build that serves it.
 */
import { createReader } from '../../src/lib/directus/reader.ts';
import { redirectsOf, writeRedirects } from '../lib/redirects.ts';

export async function writeBuildRedirects(dir: string, directusUrl: string): Promise<void> {
  // The build's own reader, which waits out a busy or rate-limited backend as the pages' reads do.
  writeRedirects(dir, redirectsOf(await createReader(directusUrl).getFormerSlugs()));
}
