/**
 * A lock between the processes of one machine: a folder, made atomically, holding its owner's pid.
 * A process waits while a live one holds it; a lock whose owner is gone, or one left without a pid
 * for longer than STALE_LOCK_MS, is taken over.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processAlive } from './process-alive.ts';

const STALE_LOCK_MS = 10 * 60_000;

export async function withDirLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (isStale(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isStale(lock: string): boolean {
  let pid = 0;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return false;
  }
  // No pid yet (just taken, or being written) is live unless the lock is old.
  if (!(pid > 0)) return !existsSync(lock) || Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS;
  return !processAlive(pid);
}
