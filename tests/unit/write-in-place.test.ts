import fs, { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeInPlace } from '../../scripts/site-build/write-in-place.ts';

describe('a build process writes its pages in place', () => {
  const usual = { mkdir: fs.promises.mkdir, writeFile: fs.promises.writeFile };
  let dir: string;
  let undo: () => void;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'write-in-place-'));
    undo = writeInPlace();
  });
  afterEach(() => {
    undo();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has the folder and the page on disk before the promise is awaited', async () => {
    const folder = path.join(dir, 'some-title');
    const made = fs.promises.mkdir(folder, { recursive: true });
    expect(existsSync(folder)).toBe(true);
    await made;
    const file = pathToFileURL(path.join(folder, 'index.html'));
    const written = fs.promises.writeFile(file, Buffer.from('<h1>Дорама</h1>'));
    expect(readFileSync(file, 'utf8')).toBe('<h1>Дорама</h1>');
    await written;
  });

  it('resolves for a folder that is already there, as the usual call does', async () => {
    await fs.promises.mkdir(path.join(dir, 'a', 'b'), { recursive: true });
    await expect(fs.promises.mkdir(path.join(dir, 'a', 'b'), { recursive: true })).resolves.toBeUndefined();
  });

  it('rejects a write that fails instead of throwing where it is called', async () => {
    let written: Promise<void> | undefined;
    expect(() => { written = fs.promises.writeFile(path.join(dir, 'missing', 'page.html'), 'x'); }).not.toThrow();
    await expect(written).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves a write through a file handle to the usual call', async () => {
    const file = path.join(dir, 'handle.txt');
    const handle = await fs.promises.open(file, 'w');
    try {
      await fs.promises.writeFile(handle, 'через дескриптор');
    } finally {
      await handle.close();
    }
    expect(readFileSync(file, 'utf8')).toBe('через дескриптор');
  });

  it('puts the usual calls back when undone', () => {
    undo();
    expect(fs.promises.mkdir).toBe(usual.mkdir);
    expect(fs.promises.writeFile).toBe(usual.writeFile);
    undo = writeInPlace();
  });
});
