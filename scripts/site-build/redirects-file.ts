/**
 * The build's redirects (scripts/lib/redirects.ts): the former slugs as the backend answers them when the
 * pages are made, written beside them. Read afresh by every build, an edit's too: one small answer (a
 * row per slug ever changed), so the table is never older than the build that serves it.
 */
import type { FormerSlug } from '../../shared/former-slugs.ts';
import { redirectsOf, writeRedirects } from '../lib/redirects.ts';

/** Tries of the read before the build fails, as the build's other reads (src/lib/directus/reader.ts). */
const TRIES = 6;

async function readFormerSlugs(directusUrl: string): Promise<FormerSlug[]> {
  for (let attempt = 1; ; attempt++) {
    let status: number | null = null;
    try {
      const res = await fetch(`${directusUrl.replace(/\/+$/, '')}/site/former-slugs`, { signal: AbortSignal.timeout(60_000) });
      status = res.status;
      if (res.ok) return ((await res.json()) as { data: FormerSlug[] }).data;
    } catch {
      // No answer: tried again below, as a busy answer is.
    }
    // Busy (503) or this address's rate used up for a moment (429), as the build's other reads wait them out.
    if ((status !== null && status !== 503 && status !== 429) || attempt >= TRIES) throw new Error(`GET /site/former-slugs: ${status ?? 'no answer'}`);
    await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
  }
}

export async function writeBuildRedirects(dir: string, directusUrl: string): Promise<void> {
  writeRedirects(dir, redirectsOf(await readFormerSlugs(directusUrl)));
}
