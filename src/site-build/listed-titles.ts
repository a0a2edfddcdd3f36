/**
 * The titles each category and tag page shows, kept beside the catalogue's rows by the build that
 * renders those pages, so an edit leaves as they are served the pages that show none of the titles it
 * changed (edit-reach.ts). A few hundred ids at any catalogue size: one small file, written whole each time.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'listed-titles.json';

/** The ids of the titles each list page shows, by the page's address without its leading slash ('tag/mest'). */
export type ListedTitles = Record<string, number[]>;

const isListed = (value: unknown): value is ListedTitles =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
  && Object.values(value).every((ids) => Array.isArray(ids) && ids.every(Number.isInteger));

/** The titles the served list pages show, or null when no build that rendered them said which. */
export function loadListedTitles(dir: string): ListedTitles | null {
  try {
    const listed: unknown = JSON.parse(readFileSync(path.join(dir, FILE), 'utf8'));
    return isListed(listed) ? listed : null;
  } catch {
    return null;
  }
}

/**
 * Gathers the titles of the list pages this build renders, over `kept` (those of the pages it leaves
 * as they are): each call sets a page's titles and writes every page's, so once the last page's answer
 * is in, the file is whole. A build that fails midway leaves it partial; the build after a failure
 * renders every list page, over nothing kept.
 */
export function listedTitlesKeeper(dir: string | undefined, kept: ListedTitles = {}): (page: string, titles: readonly { id: number }[]) => void {
  const pages: ListedTitles = { ...kept };
  return (page, titles) => {
    pages[page] = [...new Set(titles.map((t) => t.id))];
    if (!dir) return;
    const file = path.join(dir, FILE);
    writeFileSync(`${file}.tmp`, JSON.stringify(pages));
    renameSync(`${file}.tmp`, file);
  };
}
