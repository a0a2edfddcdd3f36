/**
 * Puts an edit's build into the folder being served, in place: the edit's build renders only the
 * pages it changed (src/site-build/page-reuse.ts, `inPlace`), so moving them in and deleting the
 * pages that left costs what the edit touched, where a new folder would link every page again (14 s
 * for 500,000 pages) and the old one would then be deleted (a minute more of the disk). Each page is
 * renamed over the old one, so a reader gets the old page or the new one, never part of either. A page
 * the edit rendered to the very bytes served is left as it is served: its time, and with it the ETag and
 * Last-Modified that the static server and nginx make of size and time, stay, and readers' and crawlers'
 * copies stay fresh (304). Only the edit's pages are compared, so this costs what the edit touched.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sitemapFileNumber, sitemapIndexFiles } from '../../src/lib/sitemap.ts';

/** Every file under `dir`, relative to it. */
function* filesUnder(dir: string, prefix = ''): Generator<string> {
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const name = path.join(prefix, entry.name);
    if (entry.isDirectory()) yield* filesUnder(dir, name);
    else yield name;
  }
}

/** Whether `served` holds exactly the bytes of `rendered` (sizes first, so a changed page is seldom read). */
function sameBytes(rendered: string, served: string): boolean {
  const servedSize = statSync(served, { throwIfNoEntry: false })?.size;
  if (servedSize === undefined || servedSize !== statSync(rendered).size) return false;
  return readFileSync(rendered).equals(readFileSync(served));
}

/**
 * Moves every file of `from` that differs from what is served into `to` over what is there, then deletes the pages `gone` (and a
 * title's folder they leave empty) and the sitemap's files past those the index `from` made lists
 * (the last one after titles left, say). What an edit did not make stays as it is served: the category
 * and tag pages and the sitemap's files it could not change (edit-reach.ts: all of them when an address
 * moved, else those of the titles whose last change did). Categories and tags themselves never change in
 * an edit: those build afresh. Returns the files of `from` left out as the same bytes as served.
 */
export function applyInPlace(from: string, to: string, gone: readonly string[]): string[] {
  const index = path.join(from, 'sitemap.xml');
  const sitemapFiles = existsSync(index) ? sitemapIndexFiles(readFileSync(index, 'utf8')) : null;
  const folders = new Set<string>();
  const unchanged: string[] = [];
  for (const file of filesUnder(from)) {
    const folder = path.dirname(path.join(to, file));
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    // An unchanged page stays behind in `from`, which the build deletes with its staging folder.
    if (sameBytes(path.join(from, file), path.join(to, file))) unchanged.push(file);
    else renameSync(path.join(from, file), path.join(to, file));
  }
  for (const file of gone) {
    rmSync(path.join(to, file), { force: true });
    const folder = path.dirname(path.join(to, file));
    if (folder !== to) {
      try {
        rmdirSync(folder);
      } catch {
        // Not empty: the folder holds the title's other page still.
      }
    }
  }
  if (sitemapFiles !== null) {
    for (const entry of readdirSync(to, { withFileTypes: true })) {
      const n = entry.isFile() ? sitemapFileNumber(entry.name) : null;
      if (n !== null && n > sitemapFiles) rmSync(path.join(to, entry.name), { force: true });
    }
  }
  return unchanged;
}
