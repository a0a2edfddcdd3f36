import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listedTitlesKeeper, loadListedTitles } from './listed-titles.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const freshDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'listed-')));

describe('the titles the list pages show', () => {
  it('are not known before a build that rendered the list pages said which', () => {
    expect(loadListedTitles(freshDir())).toBeNull();
  });

  it('hold every page gathered so far, after each page, and no other file is left', () => {
    const keep = listedTitlesKeeper(freshDir());
    keep([{ id: 3 }, { id: 1 }]);
    expect(loadListedTitles(dir)).toEqual(new Set([1, 3]));
    keep([{ id: 1 }, { id: 7 }]);
    keep([]);
    expect(loadListedTitles(dir)).toEqual(new Set([1, 3, 7]));
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('start anew with each build: the previous build\'s titles are written over', () => {
    listedTitlesKeeper(freshDir())([{ id: 1 }, { id: 2 }]);
    listedTitlesKeeper(dir)([{ id: 5 }]);
    expect(loadListedTitles(dir)).toEqual(new Set([5]));
  });

  it('are not known from a file that is not a list of ids', () => {
    listedTitlesKeeper(freshDir())([{ id: 1 }]);
    const file = path.join(dir, readdirSync(dir)[0]!);
    for (const text of ['{', '{"ids":[1]}', '[1,"2"]', '[1.5]']) {
      writeFileSync(file, text);
      expect(loadListedTitles(dir), text).toBeNull();
    }
  });
});
