import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withDirLock } from '../../scripts/lib/dir-lock.ts';

const dirs: string[] = [];
const lockIn = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dir-lock-'));
  dirs.push(dir);
  return path.join(dir, 'the.lock');
};
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe('a lock between processes', () => {
  it('lets one holder work at a time: the second starts once the first is done', async () => {
    const lock = lockIn();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => { releaseFirst = resolve; });
    const first = withDirLock(lock, async () => { order.push('first in'); await firstHolds; order.push('first out'); });
    const second = withDirLock(lock, async () => { order.push('second in'); });
    await new Promise((resolve) => setImmediate(resolve));
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
  });

  it('takes over a lock whose owner is gone, and is free again after the work', async () => {
    const lock = lockIn();
    mkdirSync(lock);
    writeFileSync(path.join(lock, 'pid'), '2147483646');
    expect(await withDirLock(lock, async () => 'done')).toBe('done');
    expect(await withDirLock(lock, async () => 'again')).toBe('again');
  });

  it('is let go when the work fails', async () => {
    const lock = lockIn();
    await expect(withDirLock(lock, async () => { throw new Error('broken'); })).rejects.toThrow('broken');
    expect(await withDirLock(lock, async () => 'next')).toBe('next');
  });
});
