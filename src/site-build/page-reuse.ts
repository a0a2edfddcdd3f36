/**
 * Incremental builds: a page whose key (page-key.ts) equals the one it had in the previous build is
 * not rendered again; its HTML is hard-linked from the previous build's folder into the new one
 * (a link, never a write: Astro writes only pages it renders, each to a new file, so the previous
 * build stays as it was while it is served). The links are made in the background (page-linker.ts)
 * while the build goes on; it waits for them at its end (integration.ts). The keys of a build are
 * kept in the cache folder and become the previous keys once `scripts/site-build/build.ts` has put
 * that build in place.
 *
 * An edit's build may instead be put into the served folder in place (`reuse.inPlace`): then a kept
 * page is already there and nothing is linked, and the parent moves in the pages rendered and deletes
 * those `gone` (scripts/site-build/apply-in-place.ts).
 *
 * What it works from comes in the build's handoff (handoff.ts): `reuse` (the keys' folder, the
 * previous build's folder and the code's digest), `outDir` (or `pagesDir`) and the part.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pagesDirOf, type BuildHandoff } from './handoff.ts';
import { createPageLinker, type PageLinker } from './page-linker.ts';
import { wholePages } from './whole-pages.ts';
import {
  createKeysWriter, KEYS_FILE, keysDescribe, nextCountsFile, nextKeysFile, readKeys, type KeysHead, type PartCounts,
} from './page-keys-file.ts';

export interface PageReuse {
  /**
   * Records the key of the page written to `file` (its path in the build's folder); true when its
   * previous HTML is now in this build and it needs no rendering. Each page is decided once: its
   * key goes to the file as it is recorded, and nothing of it is kept.
   */
  keep(file: string, key: string): boolean;
  /** Keeps the page at `file` with its previous key, unkeyed (nothing it is made from changed); false when it had none. */
  keepAsBefore(file: string): boolean;
  /** Records the key part every page shares; true when the previous build's was the same. */
  sameCommon(common: string): boolean;
  /** Writes the keys this build made for the parent (nextKeysFile); done by itself as the process ends. */
  saveKeys(): void;
  /** Whether keys are kept at all (an incremental build). */
  readonly active: boolean;
}

/**
 * The links still being made. The pages' code and the build's integration are bundled apart, so
 * they meet on a global rather than in a module.
 */
const LINKING = Symbol.for('site.page-reuse.linking');
type Linking = { [LINKING]?: { linker: PageLinker; onFailure: () => void } };

/** Resolves once every kept page is in this build's folder; rejects when one could not be linked. */
export async function keptPagesLinked(): Promise<void> {
  const linking = (globalThis as Linking)[LINKING];
  if (!linking) return;
  delete (globalThis as Linking)[LINKING];
  const failed = await linking.linker.finish();
  if (!failed.length) return;
  linking.onFailure();
  throw new Error(`could not keep ${failed.length} pages from the previous build: ${failed.slice(0, 3).join('; ')}`);
}

/** The previous keys, when they describe the folder `reuseDir` holds and the same code. */
function previousKeys(cacheDir: string, reuseDir: string | undefined, codeHash: string): { head: KeysHead; keys: Map<string, string> } | null {
  if (!reuseDir || !keysDescribe(cacheDir, reuseDir)) return null;
  const previous = readKeys(path.join(cacheDir, KEYS_FILE));
  return previous?.head.codeHash === codeHash ? previous : null;
}

export function createPageReuse({ outDir, pagesDir, part, reuse: given }: Pick<BuildHandoff, 'outDir' | 'pagesDir' | 'part' | 'reuse'>): PageReuse {
  if (!given) return { active: false, keep: () => false, keepAsBefore: () => false, sameCommon: () => false, saveKeys: () => {} };
  const { cacheDir, codeHash, previousDir, inPlace } = given;
  const previous = previousKeys(cacheDir, previousDir, codeHash);
  // Every page it did not render would be left as it was, whatever its data. The parent puts an edit in
  // place only on keys that fit (scripts/site-build/page-keys.ts, keysFit): should they not, the build fails.
  if (inPlace && !previous) throw new Error('an edit put in place needs the page keys of the folder it changes');
  const head: KeysHead = { codeHash };
  // A page's previous key is taken out once the page is decided: what is left at the end left the site.
  const left = previous?.keys ?? new Map<string, string>();
  const keys = createKeysWriter(path.join(cacheDir, nextKeysFile(part.index)), head);
  let kept = 0;
  let fresh = 0;
  let saved = false;
  const saveKeys = () => {
    if (saved) return;
    saved = true;
    keys.close();
    // Every page the build wrote anew counts, and every page of the site: an editor reads them as the edit's reach.
    const whole = wholePages();
    const counts: PartCounts = { kept: kept + whole.kept, rendered: fresh + whole.rendered, gone: [...left.keys()] };
    writeFileSync(path.join(cacheDir, nextCountsFile(part.index)), JSON.stringify(counts));
    console.log(`[incremental] ${kept} pages kept from the previous build, ${fresh} keyed pages rendered, ${whole.rendered} others rendered and ${whole.kept} left as served (at ${process.uptime().toFixed(1)} s)`);
  };
  // The build's process ends once its pages are written: the keys are saved as it goes.
  process.once('exit', saveKeys);
  return {
    active: true,
    saveKeys,
    keep: reuse,
    keepAsBefore(file) {
      const key = left.get(file);
      return key !== undefined && reuse(file, key);
    },
    sameCommon(common) {
      if (keys.started) throw new Error('the key part every page shares must be known before a page is keyed');
      head.common = common;
      return previous?.head.common === common;
    },
  };

  function reuse(file: string, key: string): boolean {
    keys.add(file, key);
    const same = left.get(file) === key;
    left.delete(file);
    if (!same) {
      fresh++;
      return false;
    }
    kept++;
    // In place, the page is already where it is served.
    if (inPlace) return true;
    // The keys describe the previous folder (its stamp), so its page is there to link.
    const linking = ((globalThis as Linking)[LINKING] ??= {
      linker: createPageLinker(),
      // The build then fails and the site stays; the next build renders every page.
      onFailure: () => rmSync(path.join(cacheDir, KEYS_FILE), { force: true }),
    });
    linking.linker.link(path.join(previousDir!, file), path.join(pagesDirOf({ outDir, pagesDir }), file));
    return true;
  }
}
