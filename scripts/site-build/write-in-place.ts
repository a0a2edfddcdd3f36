/**
 * Makes `fs.promises.mkdir` and `fs.promises.writeFile` of this process do their work at once on its
 * own thread. Astro awaits a folder, an open, a write and a close for every page it renders, each a
 * trip to libuv's thread pool; on two cores with a build process a core, every trip wakes a pool
 * thread that takes the core from the renderer, which then waits for it back. Done in place, the same
 * system calls took a build of 50,000 pages a sixth less time and a fifth less CPU. Only a build
 * process calls this: there nothing else waits on its event loop. Returns what puts the usual calls back.
 */
import fs from 'node:fs';

export function writeInPlace(): () => void {
  const { promises } = fs;
  const { mkdir, writeFile } = promises;
  promises.mkdir = (async (dir, options) => fs.mkdirSync(dir, options)) as typeof mkdir;
  // A file handle or a stream of data goes the usual way: only a path and its bytes are written here.
  promises.writeFile = (async (file, data, options) => {
    if ((typeof file === 'string' || file instanceof URL || Buffer.isBuffer(file)) && (typeof data === 'string' || ArrayBuffer.isView(data))) {
      return fs.writeFileSync(file, data, options as fs.WriteFileOptions);
    }
    return writeFile(file, data, options);
  }) as typeof writeFile;
  return () => Object.assign(promises, { mkdir, writeFile });
}
