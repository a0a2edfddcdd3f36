/**
 * Links kept pages into the new build on a thread of their own, so the folders and links (about two
 * seconds of system calls at 50,000 pages) are made on the second core while the build goes on.
 * One thread, one call after another: several threads creating entries in the same folders only
 * wait on each other's locks.
 */
import { Worker } from 'node:worker_threads';

/** Runs in the thread: each message is a batch of [from, to] pairs, or null for "send the failures". */
const LINKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { linkSync, mkdirSync } = require('node:fs');
const { dirname } = require('node:path');
const failed = [];
const folders = new Set();
parentPort.on('message', (batch) => {
  if (batch === null) return parentPort.postMessage(failed);
  for (const [from, to] of batch) {
    try {
      const folder = dirname(to);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      linkSync(from, to);
    } catch (err) {
      failed.push(to + ': ' + err.message);
    }
  }
});
`;

const BATCH = 500;

export interface PageLinker {
  /** Hard-links `from` as `to`, creating its folder; in the background. */
  link(from: string, to: string): void;
  /** Waits for every link asked for and ends the thread: the files that could not be linked. */
  finish(): Promise<string[]>;
}

export function createPageLinker(): PageLinker {
  let worker: Worker | undefined;
  let batch: [string, string][] = [];
  const flush = () => {
    if (!batch.length) return;
    worker ??= new Worker(LINKER_SOURCE, { eval: true });
    worker.postMessage(batch);
    batch = [];
  };
  return {
    link(from, to) {
      batch.push([from, to]);
      if (batch.length >= BATCH) flush();
    },
    async finish() {
      flush();
      if (!worker) return [];
      const running = worker;
      worker = undefined;
      const failed = await new Promise<string[]>((resolve, reject) => {
        running.once('message', resolve);
        running.once('error', reject);
        running.postMessage(null);
      });
      await running.terminate();
      return failed;
    },
  };
}
