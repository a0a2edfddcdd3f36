import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listedTitlesKeeper, loadListedTitles } from './listed-titles.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const freshDir = () => (dir = mkdtempSync(path.join(os.tmpdir(), 'listed-')));

describe('the titles each list page shows', () => {
  it('are not known before a build that rendered the list pages said which', () => {
    expect(loadListedTitles(freshDir())).toBeNull();
  });

  it('hold every page gathered so far, after each page, and no other file is left', () => {
    const keep = listedTitlesKeeper(freshDir());
    keep('tag/mest', [{ id: 3 }, { id: 1 }, { id: 3 }]);
    expect(loadListedTitles(dir)).toEqual({ 'tag/mest': [3, 1] });
    keep('categories/anime', [{ id: 7 }]);
    keep('categories/anime/new', []);
    expect(loadListedTitles(dir)).toEqual({ 'tag/mest': [3, 1], 'categories/anime': [7], 'categories/anime/new': [] });
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('a build that renders some pages keeps the others\' titles; one that renders all starts anew', () => {
    listedTitlesKeeper(freshDir())('tag/a', [{ id: 1 }]);
    const kept = loadListedTitles(dir)!;
    listedTitlesKeeper(dir, { ...kept, 'tag/b': [2] })('tag/a', [{ id: 5 }]);
    expect(loadListedTitles(dir)).toEqual({ 'tag/a': [5], 'tag/b': [2] });
    listedTitlesKeeper(dir)('tag/c', [{ id: 6 }]);
    expect(loadListedTitles(dir)).toEqual({ 'tag/c': [6] });
  });

  it('are not known from a file that is not pages and their ids', () => {
    listedTitlesKeeper(freshDir())('tag/a', [{ id: 1 }]);
    const file = path.join(dir, readdirSync(dir)[0]!);
    for (const text of ['{', '[1,2]', 'null', '{"tag/a":1}', '{"tag/a":[1,"2"]}', '{"tag/a":[1.5]}']) {
      writeFileSync(file, text);
      expect(loadListedTitles(dir), text).toBeNull();
    }
  });
});
