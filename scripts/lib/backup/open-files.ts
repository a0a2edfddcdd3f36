/**
 * Which processes hold a file open, read from Linux's /proc: a running Directus keeps its SQLite
 * database open for as long as it runs (its connection pool never lets the one connection go).
 */
import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface Holder {
  pid: number;
  command: string;
}

/** Processes with any of `files` open; null when this system has no /proc to ask. */
export function processesHolding(files: string[]): Holder[] | null {
  if (!existsSync('/proc/self/fd')) return null;
  const wanted = new Set(files.filter((f) => existsSync(f)).map((f) => realpathSync(f)));
  if (!wanted.size) return [];
  const holders: Holder[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fdDir = path.join('/proc', entry, 'fd');
    let fds: string[];
    try {
      fds = readdirSync(fdDir);
    } catch {
      continue; // gone, or not ours to look at
    }
    const holds = fds.some((fd) => {
      try {
        return wanted.has(readlinkSync(path.join(fdDir, fd)));
      } catch {
        return false;
      }
    });
    if (holds) holders.push({ pid: Number(entry), command: commandLine(entry) });
  }
  return holders;
}

function commandLine(pid: string): string {
  try {
    return readFileSync(path.join('/proc', pid, 'cmdline'), 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 200);
  } catch {
    return '?';
  }
}
