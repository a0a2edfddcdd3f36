/** Puts the parts of a split build (scripts/site-build/build.ts) in one folder. */
import { existsSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Moves into `to` what `from` has and `to` lacks: the pages another part rendered or kept. What both
 * have (the assets, the single pages every part renders) stays as it is in `to`.
 */
export function moveMissing(from: string, to: string): void {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (!existsSync(target)) renameSync(source, target);
    else if (entry.isDirectory() && statSync(target).isDirectory()) moveMissing(source, target);
  }
}
