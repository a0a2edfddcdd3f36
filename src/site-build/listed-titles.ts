/**
 * The titles the category and tag pages show, kept beside the catalogue's rows by the build that
 * renders those pages, so an edit to a title on none of them can leave them as they are served
 * (edit-reach.ts). A few hundred ids: one small file, written whole each time.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FILE = 'listed-titles.json';

/** The titles the served list pages show, or null when no build that rendered them said which. */
export function loadListedTitles(dir: string): Set<number> | null {
  let ids: unknown;
  try {
    ids = JSON.parse(readFileSync(path.join(dir, FILE), 'utf8'));
  } catch {
    return null;
  }
  return Array.isArray(ids) && ids.every(Number.isInteger) ? new Set(ids as number[]) : null;
}

/**
 * Gathers the titles of the list pages this build renders: each call adds a page's titles and
 * writes every title gathered so far, so once the last page's answer is in, the file is whole.
 * A build that fails midway leaves it partial; the build after a failure renders every list page.
 */
export function listedTitlesKeeper(dir: string | undefined): (titles: readonly { id: number }[]) => void {
  const ids = new Set<number>();
  return (titles) => {
    for (const t of titles) ids.add(t.id);
    if (!dir) return;
    const file = path.join(dir, FILE);
    writeFileSync(`${file}.tmp`, JSON.stringify([...ids]));
    renameSync(`${file}.tmp`, file);
  };
}
