import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ownedTempDir, removeOrphanedDirs } from '../../scripts/lib/owned-dirs.ts';

const parents: string[] = [];
const parent = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'owned-dirs-'));
  parents.push(dir);
  return dir;
};
afterEach(() => { for (const d of parents.splice(0)) rmSync(d, { recursive: true, force: true }); });

/** The pid of a process that has already ended. */
function endedPid(): number {
  const { pid, status } = spawnSync(process.execPath, ['-e', '']);
  expect(status).toBe(0);
  return pid!;
}

/** A folder with a page in it, as a killed build leaves. */
function leftBehind(dir: string): string {
  mkdirSync(path.join(dir, 'actors'), { recursive: true });
  writeFileSync(path.join(dir, 'actors', 'index.html'), '<html></html>');
  return dir;
}

describe('working folders owned by their process', () => {
  it('are named for the process that made them, and two of one process live side by side', () => {
    const under = parent();
    const first = ownedTempDir(under, 'build-');
    const second = ownedTempDir(under, 'build-');
    expect(path.basename(first)).toMatch(new RegExp(`^build-${process.pid}-\\w{6}$`));
    expect(first).not.toBe(second);
    expect(readdirSync(under).sort()).toEqual([path.basename(first), path.basename(second)].sort());
  });

  it('are removed once their process is gone, and only those of the prefix', async () => {
    const under = parent();
    const gone = endedPid();
    const orphan = leftBehind(path.join(under, `build-${gone}-a1b2c3`));
    const live = leftBehind(path.join(under, `build-${process.pid}-d4e5f6`));
    const otherKind = leftBehind(path.join(under, `bench-site-${gone}-g7h8i9`));
    const notOwned = leftBehind(path.join(under, 'build-x1y2z3'));

    expect(await removeOrphanedDirs(under, 'build-')).toEqual([orphan]);
    expect(existsSync(orphan)).toBe(false);
    for (const kept of [live, otherKind, notOwned]) expect(existsSync(path.join(kept, 'actors', 'index.html'))).toBe(true);
  });

  it('a new one clears what a killed process left under the same parent', async () => {
    const under = parent();
    const orphan = leftBehind(path.join(under, `bench-site-${endedPid()}-j1k2l3`));
    const mine = ownedTempDir(under, 'bench-site-');
    await expect.poll(() => existsSync(orphan)).toBe(false);
    expect(readdirSync(under)).toEqual([path.basename(mine)]);
  });

  it('answer nothing for a parent that does not exist', async () => {
    expect(await removeOrphanedDirs(path.join(parent(), 'missing'), 'build-')).toEqual([]);
  });
});
