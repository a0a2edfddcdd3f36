/**
 * How page keys (page-reuse.ts) are kept in the cache folder. A build's keys are a line a page, `key
 * file`, after a first line of JSON naming the code and the part every key shares: at 500,000 pages,
 * JSON of one object took 1.5 s to write and 2 s to read, lines a fraction of that, and the parts of a
 * build are put together, or an edit's keys put in place, without reading them at all. Beside them,
 * the folder they describe (its STAMP_FILE's inode, once the build is in place) and, for each part
 * of a build until then, what it kept, rendered and lost.
 */
import { closeSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The keys the build in place was made with. */
export const KEYS_FILE = 'pages.keys';
/** Which folder they describe. */
export const FOLDER_FILE = 'pages.folder.json';
/** The keys one part of a build (shard.ts) made, and its counts, until the build is in place. */
export const nextKeysFile = (part: number) => `pages.next.${part}.keys`;
export const nextCountsFile = (part: number) => `pages.next.${part}.json`;
export const isNextFile = (name: string) => /^pages\.next\.\d+\.(keys|json)$/.test(name);
/** A page every build renders afresh: its inode tells one build's folder from another's. */
export const STAMP_FILE = '404.html';

export interface KeysHead {
  codeHash: string;
  /** The key part every page shares (the code's assets, the address, the frame): when it moved, every page is keyed. */
  common?: string;
}

/** How many pages a build kept as the previous one made them, and how many it wrote anew (whole-pages.ts: every page, keyed or not). */
export interface PageCounts {
  kept: number;
  rendered: number;
}

/** What a part of a build reports besides its keys. */
export interface PartCounts extends PageCounts {
  /** Pages the previous build had and this one has not (a title unpublished, a slug changed). */
  gone: string[];
}

/** The device and inode of a build's STAMP_FILE. */
export interface FolderStamp {
  dev: number;
  ino: number;
}

/** Lines written at once: few writes, and little held. */
const KEYS_PER_WRITE = 2000;

/**
 * Writes a build's keys to `file` as they come, so no part of a build holds its pages' keys: the head
 * goes first, with the first key, and can no longer change once `started`.
 */
export function createKeysWriter(file: string, head: KeysHead) {
  let fd: number | null = null;
  let lines: string[] = [];
  let started = false;
  const write = () => {
    if (fd === null) {
      mkdirSync(path.dirname(file), { recursive: true });
      fd = openSync(file, 'w');
    }
    writeSync(fd, `${lines.join('\n')}\n`);
    lines = [];
  };
  const start = () => {
    if (started) return;
    started = true;
    lines.push(JSON.stringify(head));
  };
  return {
    get started() {
      return started;
    },
    add(page: string, key: string) {
      start();
      lines.push(`${key} ${page}`);
      if (lines.length >= KEYS_PER_WRITE) write();
    },
    /** Writes what is left (the head alone when no page was keyed) and closes the file. */
    close() {
      start();
      if (lines.length || fd === null) write();
      closeSync(fd!);
    },
  };
}

export function writeKeys(file: string, head: KeysHead, keys: Map<string, string>): void {
  const writer = createKeysWriter(file, head);
  for (const [page, key] of keys) writer.add(page, key);
  writer.close();
}

/** The keys of `file`, or null when there is none or it is not whole. */
export function readKeys(file: string): { head: KeysHead; keys: Map<string, string> } | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if (!text.endsWith('\n')) return null;
  const lines = text.split('\n');
  lines.pop();
  let head: KeysHead;
  try {
    head = JSON.parse(lines[0] ?? '') as KeysHead;
  } catch {
    return null;
  }
  const keys = new Map<string, string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const space = line.indexOf(' ');
    keys.set(line.slice(space + 1), line.slice(0, space));
  }
  return { head, keys };
}

/** The head of the keys in `file` (their first line), read without the keys, or null when there is none. */
export function readKeysHead(file: string): KeysHead | null {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const chunk = Buffer.alloc(64 * 1024);
    let text = '';
    for (let read = 0; !text.includes('\n') && (read = readSync(fd, chunk)) > 0;) text += chunk.toString('utf8', 0, read);
    return JSON.parse(text.slice(0, text.indexOf('\n'))) as KeysHead;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/** Whether the keys in `cacheDir` were put in place with the folder `dir` (its STAMP_FILE is the one they name). */
export function keysDescribe(cacheDir: string, dir: string): boolean {
  const stamp = readJson<FolderStamp>(path.join(cacheDir, FOLDER_FILE));
  try {
    const st = statSync(path.join(dir, STAMP_FILE));
    return st.dev === stamp?.dev && st.ino === stamp.ino;
  } catch {
    return false;
  }
}

/** A small JSON file, or null when there is none or it does not parse. */
export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
