/** Incremental builds: page keys, page files, which rows are read again and how they merge, page reuse. */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pageKey } from '../../src/site-build/page-key.ts';
import { createPageReuse, keptPagesLinked } from '../../src/site-build/page-reuse.ts';
import { FOLDER_FILE, KEYS_FILE, nextCountsFile, nextKeysFile, readJson, readKeys, STAMP_FILE, writeKeys } from '../../src/site-build/page-keys-file.ts';
import { appendEdit, loadRows, loadShare, saveRows, saveRowsAsRead } from '../../src/site-build/catalogue-snapshot.ts';
import { rowsDelta } from '../../src/site-build/rows-delta.ts';
import { mergeRows, personOf, rowsToReread, shareOf, summaryOf, type CatalogueRows, type CatalogueShare } from '../../src/lib/directus/catalogue.ts';
import { codeHash, partCounts, promoteKeys } from '../../scripts/site-build/page-keys.ts';
import { buildParts, planBuild, type SiteBuildOptions } from '../../scripts/site-build/build.ts';
import { applyInPlace } from '../../scripts/site-build/apply-in-place.ts';
import { fileEtag } from '../../scripts/lib/static-server.ts';
import { sitemapIndexXml } from '../../src/lib/sitemap.ts';

/** A build in one part. */
const WHOLE = { index: 0, count: 1 };
const person = (id: number) => ({ actors_id: id });
const title = (id: number, name: string, cast: number[] = [], directors: number[] = []) =>
  ({ id, slug: `t${id}`, name, actors: cast.map(person), directors: directors.map(person), screenwriters: [] }) as unknown as CatalogueRows['titles'][number];
const actor = (id: number, nameRu = `П${id}`) => ({ id, slug: `p${id}`, nameRu }) as unknown as CatalogueRows['actors'][number];

describe('page keys', () => {
  it('are equal for equal data and differ when any part differs', () => {
    const frame = { categories: [{ name: 'Дорамы', slug: 'doramy' }], tags: [] };
    const base = pageKey('code', 'http://site', frame, 'title', '/t1', { id: 1, name: 'Сон' });
    expect(pageKey('code', 'http://site', frame, 'title', '/t1', { id: 1, name: 'Сон' })).toBe(base);
    expect(pageKey('code', 'http://site', frame, 'title', '/t1', { id: 1, name: 'Сон 2' })).not.toBe(base);
    expect(pageKey('code2', 'http://site', frame, 'title', '/t1', { id: 1, name: 'Сон' })).not.toBe(base);
    expect(pageKey('code', 'https://site', frame, 'title', '/t1', { id: 1, name: 'Сон' })).not.toBe(base);
    expect(pageKey('code', 'http://site', { ...frame, tags: [{ name: 'Месть', slug: 'mest' }] }, 'title', '/t1', { id: 1, name: 'Сон' })).not.toBe(base);
    // Parts are kept apart: moving text from one part to the next is another key.
    expect(pageKey('ab', 'c')).not.toBe(pageKey('a', 'bc'));
  });
});

describe('rows read again after a change', () => {
  const previous: CatalogueRows = {
    titles: [title(1, 'Первый', [10, 11]), title(2, 'Второй', [12], [10]), title(3, 'Третий', [13])],
    actors: [actor(10), actor(11), actor(12), actor(13)],
  };

  it('are the changed titles and people, each once, in order', () => {
    expect(rowsToReread({ titles: [3] })).toEqual({ titles: [3], actors: [] });
    // A title's row names its people by id: a renamed person changes no title's row.
    expect(rowsToReread({ actors: [10] })).toEqual({ titles: [], actors: [10] });
    expect(rowsToReread({ titles: [4, 2, 4], actors: [13, 11] })).toEqual({ titles: [2, 4], actors: [11, 13] });
    expect(rowsToReread({})).toEqual({ titles: [], actors: [] });
  });

  it('replace their old rows; one that came back empty leaves, a new one joins, order by id holds', () => {
    const merged = mergeRows(previous, { titles: [2, 3, 4], actors: [13] }, {
      titles: [title(4, 'Новый'), title(2, 'Второй (правка)', [12], [10])],
      actors: [actor(13, 'Переименован')],
    });
    expect(merged.titles.map((t) => [t.id, t.name])).toEqual([[1, 'Первый'], [2, 'Второй (правка)'], [4, 'Новый']]);
    expect(merged.actors.map((a) => [a.id, a.nameRu])).toEqual([[10, 'П10'], [11, 'П11'], [12, 'П12'], [13, 'Переименован']]);
    // Every title has its related titles, none of them a title that left.
    expect(Object.keys(merged.related!).map(Number)).toEqual([1, 2, 4]);
    for (const list of Object.values(merged.related!)) expect(list).not.toContain(3);
  });
});

describe('kept rows and page reuse on disk', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'incremental-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  /** Writes `file` under `dir`, its folders made. */
  const write = (dir: string, file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };

  it('the catalogue rows come back as saved', async () => {
    const dir = tmp();
    const rows: CatalogueRows = {
      titles: [title(1, 'Сон «в» \n строке', [10]), title(2, 'Явь', [10])], actors: [actor(10)], coMarks: { 1: [[2, 3]] }, related: { 1: [2], 2: [1] },
      counters: { comments: { 1: 3 }, ratings: { 2: { average: 7.5, count: 2 } } },
    };
    expect(await loadRows(dir)).toBeNull();
    await saveRows(dir, rows);
    expect(await loadRows(dir)).toEqual(rows);
  });

  it("an edit's changes appended to the saved rows come back applied; a line cut short makes them unknown", async () => {
    const dir = tmp();
    const rows: CatalogueRows = {
      titles: [title(1, 'Сон', [10]), title(2, 'Явь', [11])], actors: [actor(10), actor(11)], coMarks: {}, related: { 1: [2], 2: [1] },
      counters: { comments: { 1: 3 }, ratings: {} },
    };
    await saveRows(dir, rows);
    const first = mergeRows(rows, { titles: [2, 3], actors: [11] }, { titles: [title(3, 'Новый', [10])], actors: [actor(11, 'Переименован')] }, null);
    const edited = { ...first, related: { 1: [3], 3: [1] }, counters: { comments: { 1: 4, 3: 1 }, ratings: { 3: { average: 9, count: 1 } } } };
    await appendEdit(dir, rowsDelta(rows, edited, { titles: [2, 3], actors: [11] })!);
    const second = { ...edited, titles: edited.titles.map((t) => (t.id === 1 ? title(1, 'Сон (правка)', [10]) : t)), counters: { comments: { 3: 1 }, ratings: {} } };
    await appendEdit(dir, rowsDelta(edited, second, { titles: [1], actors: [] })!);
    expect(await loadRows(dir)).toEqual(second);

    appendFileSync(path.join(dir, 'catalogue.ndjson'), 'e{"titles":[{"id":4');
    expect(await loadRows(dir)).toBeNull();
  });

  it("a part's share read from the saved rows is the share of the rows as they were: its own whole, the others cut down", async () => {
    const dir = tmp();
    const rows: CatalogueRows = {
      titles: [1, 2, 3, 4, 5].map((id) => ({ ...title(id, `Т${id}`, [10 + (id % 2)]), series: [{ id: id * 100 }] }) as unknown as CatalogueRows['titles'][number]),
      actors: [actor(10), actor(11), { ...actor(12), biography: 'Длинная' } as unknown as CatalogueRows['actors'][number]],
      coMarks: {}, related: { 1: [2], 2: [1] }, counters: { comments: { 1: 3 }, ratings: {} },
    };
    await saveRows(dir, rows);
    const secondOfTwo = (index: number) => index % 2 === 1;
    const share = await loadShare(dir, secondOfTwo);
    /** A share with its own rows given whole, to compare. */
    const whole = (s: CatalogueShare | null) => s && {
      ...s, titles: s.titles.map(summaryOf), people: s.people.map(personOf), ownTitles: s.ownTitles.map((t) => t.row()), ownActors: s.ownActors.map((a) => a.row()),
    };
    expect(whole(share)).toEqual(whole(shareOf(rows, secondOfTwo)));
    expect(share!.ownTitles.map((t) => [t.id, t.slug])).toEqual([[2, 't2'], [4, 't4']]);
    // Its own are read again from the file, whole, each time a page asks.
    expect(share!.ownTitles[0]!.row()).toEqual(rows.titles[1]);
    expect(share!.ownTitles[0]!.row()).not.toBe(share!.ownTitles[0]!.row());
    expect(share!.ownActors.map((a) => a.row())).toEqual([rows.actors[1]]);
    // The process that reads the rows writes each page as it comes, titles' and people's pages interleaved, and
    // keeps the same share, its own rows read back from where they were written.
    const readerDir = tmp();
    const { titles, actors, ...besides } = rows;
    const saver = await saveRowsAsRead(readerDir, secondOfTwo, async (sink) => {
      await sink.titles(titles.slice(0, 2));
      await sink.actors(actors.slice(0, 2));
      await sink.titles(titles.slice(2));
      await sink.actors(actors.slice(2));
      return besides;
    });
    expect(whole(saver)).toEqual(whole(share));
    expect(await loadRows(readerDir)).toEqual(rows);
    // A read that fails midway leaves the rows saved before as they were.
    const failure = new Error('Directus went away');
    await expect(saveRowsAsRead(readerDir, secondOfTwo, async (sink) => {
      await sink.titles(titles.slice(0, 1));
      throw failure;
    })).rejects.toBe(failure);
    expect(await loadRows(readerDir)).toEqual(rows);
    expect(saver.titles.find((t) => t.id === 2)).not.toHaveProperty('series');
    expect(share!.titles.find((t) => t.id === 3)).not.toHaveProperty('series');
    expect(share!.titles.find((t) => t.id === 3)!.actors).toEqual([person(11)]);
    expect(share!.people.find((p) => p.id === 12)).not.toHaveProperty('biography');

    // With an edit appended the rows are read whole, the edit applied, and then cut down.
    const edited = mergeRows(rows, { titles: [3], actors: [] }, { titles: [title(3, 'Правка', [11])], actors: [] }, null);
    await appendEdit(dir, rowsDelta(rows, edited, { titles: [3], actors: [] })!);
    expect(whole(await loadShare(dir, secondOfTwo))).toEqual(whole(shareOf(edited, secondOfTwo)));

    // Only a share that reads its own rows again keeps the file open: with edits, or of another version, it is closed.
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    await loadShare(dir, secondOfTwo);
    const older = tmp();
    writeFileSync(path.join(older, 'catalogue.ndjson'), `${JSON.stringify({ version: 1 })}\n`);
    expect(await loadShare(older, secondOfTwo)).toBeNull();
    await expect.poll(openFiles).toBe(before);
  });

  /** A part's keys and counts, as a build process leaves them. */
  function partKeys(cache: string, part: number, keys: Record<string, string>, counts = { kept: 0, rendered: 0 }, common?: string) {
    writeKeys(path.join(cache, nextKeysFile(part)), { codeHash: 'c1', ...(common ? { common } : {}) }, new Map(Object.entries(keys)));
    writeFileSync(path.join(cache, nextCountsFile(part)), JSON.stringify({ ...counts, gone: [] }));
  }

  /** A previous build in `prev` whose pages the keys describe, as site-build.ts leaves it. */
  function previousBuild(cache: string, prev: string, keys: Record<string, string>, common?: string) {
    for (const file of ['dream/index.html', 'actors/other.html', STAMP_FILE]) {
      mkdirSync(path.dirname(path.join(prev, file)), { recursive: true });
      writeFileSync(path.join(prev, file), `old ${file}`);
    }
    partKeys(cache, 0, keys, undefined, common);
    promoteKeys(cache, prev);
  }

  const savedKeys = (cache: string) => Object.fromEntries(readKeys(path.join(cache, KEYS_FILE))?.keys ?? []);

  it('keeps a page whose key is unchanged by linking its previous file, and renders the rest', async () => {
    const cache = tmp();
    const prev = tmp();
    const out = tmp();
    previousBuild(cache, prev, { 'dream/index.html': 'k1', 'actors/other.html': 'k2' });
    const reuse = createPageReuse({ outDir: out, part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c1' } });
    expect(reuse.keep('dream/index.html', 'k1')).toBe(true);
    expect(reuse.keep('actors/other.html', 'k2-changed')).toBe(false);
    expect(reuse.keep('actors/new.html', 'k3')).toBe(false);
    await keptPagesLinked();
    expect(readFileSync(path.join(out, 'dream/index.html'), 'utf8')).toBe('old dream/index.html');
    expect(statSync(path.join(out, 'dream/index.html')).ino).toBe(statSync(path.join(prev, 'dream/index.html')).ino);
    expect(existsSync(path.join(out, 'actors/other.html'))).toBe(false);
    // The keys went to the part's file as they were decided, each once, under the head.
    reuse.saveKeys();
    const next = readKeys(path.join(cache, nextKeysFile(0)));
    expect(next?.head).toEqual({ codeHash: 'c1' });
    expect(Object.fromEntries(next?.keys ?? [])).toEqual({ 'dream/index.html': 'k1', 'actors/other.html': 'k2-changed', 'actors/new.html': 'k3' });
    expect(readFileSync(path.join(cache, nextKeysFile(0)), 'utf8').split('\n')).toHaveLength(5);
    expect(partCounts(cache)).toEqual([{ kept: 1, rendered: 2, gone: [] }]);
  });

  it("a split build's other part links the pages it keeps into the lead's folder, not its own", async () => {
    const cache = tmp();
    const prev = tmp();
    const own = tmp();
    const lead = tmp();
    previousBuild(cache, prev, { 'dream/index.html': 'k1' });
    const reuse = createPageReuse({ outDir: own, pagesDir: lead, part: { index: 1, count: 2 }, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c1' } });
    expect(reuse.keep('dream/index.html', 'k1')).toBe(true);
    await keptPagesLinked();
    expect(statSync(path.join(lead, 'dream/index.html')).ino).toBe(statSync(path.join(prev, 'dream/index.html')).ino);
    expect(existsSync(path.join(own, 'dream/index.html'))).toBe(false);
  });

  it('writes the keys of many pages as they come, whole once closed, and refuses a shared part named after the first key', () => {
    const cache = tmp();
    const reuse = createPageReuse({ outDir: tmp(), part: WHOLE, reuse: { cacheDir: cache, codeHash: 'c1' } });
    expect(reuse.sameCommon('frame')).toBe(false);
    const pages = Array.from({ length: 4500 }, (_, i) => `actors/p${i}.html`);
    for (const page of pages) expect(reuse.keep(page, `k${page}`)).toBe(false);
    // Written before the end: the part holds none of them.
    expect(readFileSync(path.join(cache, nextKeysFile(0)), 'utf8').length).toBeGreaterThan(0);
    expect(() => reuse.sameCommon('another frame')).toThrow(/before a page is keyed/);
    reuse.saveKeys();
    const next = readKeys(path.join(cache, nextKeysFile(0)));
    expect(next?.head).toEqual({ codeHash: 'c1', common: 'frame' });
    expect([...(next?.keys.keys() ?? [])]).toEqual(pages);
    expect(partCounts(cache)).toEqual([{ kept: 0, rendered: pages.length, gone: [] }]);
  });

  it('after an edit, keeps a page its reach misses with its previous key, and records the pages that left', async () => {
    const cache = tmp();
    const prev = tmp();
    const out = tmp();
    previousBuild(cache, prev, { 'dream/index.html': 'k1', 'actors/other.html': 'k2' }, 'frame');
    const reuse = createPageReuse({ outDir: out, part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c1' } });
    expect(reuse.sameCommon('frame')).toBe(true);
    expect(reuse.keepAsBefore('dream/index.html')).toBe(true);
    // A page the previous build did not have is rendered.
    expect(reuse.keepAsBefore('actors/new.html')).toBe(false);
    await keptPagesLinked();
    expect(statSync(path.join(out, 'dream/index.html')).ino).toBe(statSync(path.join(prev, 'dream/index.html')).ino);
    reuse.saveKeys();
    const next = readKeys(path.join(cache, nextKeysFile(0)));
    expect(next?.head.common).toBe('frame');
    expect(Object.fromEntries(next?.keys ?? [])).toEqual({ 'dream/index.html': 'k1' });
    expect(partCounts(cache)).toEqual([{ kept: 1, rendered: 0, gone: ['actors/other.html'] }]);
  });

  it('a frame that moved keys every page; an edit in place links nothing, and needs the keys of the folder it changes', async () => {
    const cache = tmp();
    const prev = tmp();
    const out = tmp();
    previousBuild(cache, prev, { 'dream/index.html': 'k1' }, 'frame');
    const inPlace = createPageReuse({ outDir: out, part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c1', inPlace: true } });
    expect(inPlace.sameCommon('another frame')).toBe(false);
    expect(inPlace.keep('dream/index.html', 'k1')).toBe(true);
    await keptPagesLinked();
    expect(existsSync(path.join(out, 'dream/index.html'))).toBe(false);
    expect(() => createPageReuse({ outDir: out, part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c2', inPlace: true } }))
      .toThrow(/needs the page keys/);
  });

  it("an edit goes into the served folder in place only on keys of that folder made by the site's code as it is; else everything is read and rendered anew", () => {
    const cache = tmp();
    const served = tmp();
    const code = codeHash();
    for (const file of ['dream/index.html', STAMP_FILE]) write(served, file, `old ${file}`);
    /** The served folder's keys, as a build by `by` put them in place. */
    const keysMadeBy = (by: string) => {
      writeKeys(path.join(cache, nextKeysFile(0)), { codeHash: by }, new Map([['dream/index.html', 'k1']]));
      writeFileSync(path.join(cache, nextCountsFile(0)), JSON.stringify({ kept: 0, rendered: 1, gone: [] }));
      promoteKeys(cache, served);
    };
    const edit: SiteBuildOptions = { directusUrl: 'http://127.0.0.1:8055', outDir: path.join(tmp(), 'next'), previousDir: served, cacheDir: cache, changed: { titles: [1] }, inPlace: true };
    /** The build planned for `o`, each of its processes' page reuse as it starts there. */
    const started = (o: SiteBuildOptions, standby = false) => {
      const plan = planBuild(o, tmp(), code, standby);
      const reuses = plan.handoffs.map((handoff) => createPageReuse(handoff));
      for (const reuse of reuses) reuse.saveKeys();
      return { plan, reuses };
    };

    keysMadeBy(code);
    const inPlace = started(edit);
    expect(inPlace.plan.inPlace).toBe(served);
    expect(inPlace.plan.handoffs.map((h) => h.changes)).toEqual([{ kind: 'some', changed: { titles: [1] } }]);

    // The site's code changed under the running loop (a deploy, a merge into the checkout it runs
    // from): every key names the code before, so none tells a page the edit left as it was.
    keysMadeBy('the code before');
    const afterCode = started(edit);
    expect(afterCode.plan.inPlace).toBeUndefined();
    expect(afterCode.plan.handoffs.map((h) => h.changes)).toEqual(Array(buildParts()).fill({ kind: 'all' }));
    // Nor does the edit's build started ahead go in place (it would stop as it starts).
    expect(started({ ...edit, changed: undefined }, true).plan.inPlace).toBeUndefined();

    // The served folder is not the one the keys describe: its page every build writes is another file.
    keysMadeBy(code);
    write(served, 'next.html', 'another build');
    renameSync(path.join(served, 'next.html'), path.join(served, STAMP_FILE));
    const otherFolder = started(edit);
    expect(otherFolder.plan.inPlace).toBeUndefined();
    expect(otherFolder.plan.handoffs.map((h) => h.changes.kind)).toEqual(Array(buildParts()).fill('all'));
  });

  it("an edit put in place: its pages renamed over the served ones, the pages that left deleted, and the sitemap's files its index no longer lists", () => {
    const served = tmp();
    const edit = tmp();
    for (const file of ['index.html', 'sitemap-1.xml', 'sitemap-2.xml', 'dream/index.html', 'dream/actors.html', 'sea/index.html', 'old/index.html', 'old/actors.html', 'actors/p1.html']) write(served, file, `old ${file}`);
    for (const file of ['index.html', 'sitemap-1.xml', 'dream/index.html', 'new/index.html', '_astro/page.js']) write(edit, file, `new ${file}`);
    write(edit, 'sitemap.xml', sitemapIndexXml('https://example.org', 1));
    const kept = statSync(path.join(served, 'sea/index.html')).ino;
    applyInPlace(edit, served, ['old/index.html', 'old/actors.html']);
    const read = (file: string) => (existsSync(path.join(served, file)) ? readFileSync(path.join(served, file), 'utf8') : null);
    expect(read('dream/index.html')).toBe('new dream/index.html');
    expect(read('dream/actors.html')).toBe('old dream/actors.html');
    expect(read('new/index.html')).toBe('new new/index.html');
    expect(read('_astro/page.js')).toBe('new _astro/page.js');
    expect(statSync(path.join(served, 'sea/index.html')).ino).toBe(kept);
    expect(read('actors/p1.html')).toBe('old actors/p1.html');
    expect(existsSync(path.join(served, 'old'))).toBe(false);
    expect(read('sitemap-1.xml')).toBe('new sitemap-1.xml');
    expect(read('sitemap-2.xml')).toBeNull();
    expect(read('index.html')).toBe('new index.html');
  });

  it('an edit put in place that made no list page and no sitemap file leaves those it did not make as they are', () => {
    const served = tmp();
    const edit = tmp();
    const kept = ['sitemap-1.xml', 'sitemap-2.xml', 'categories/anime/index.html', 'tag/amneziya.html'];
    for (const file of ['index.html', 'sitemap.xml', 'actors/p1.html', ...kept]) write(served, file, `old ${file}`);
    for (const file of ['index.html', 'actors/p1.html']) write(edit, file, `new ${file}`);
    write(edit, 'sitemap.xml', sitemapIndexXml('https://example.org', 2));
    const before = kept.map((file) => statSync(path.join(served, file)).ino);
    applyInPlace(edit, served, []);
    expect(kept.map((file) => statSync(path.join(served, file)).ino)).toEqual(before);
    expect(kept.map((file) => readFileSync(path.join(served, file), 'utf8'))).toEqual(kept.map((file) => `old ${file}`));
    expect(readFileSync(path.join(served, 'actors/p1.html'), 'utf8')).toBe('new actors/p1.html');
    expect(readFileSync(path.join(served, 'sitemap.xml'), 'utf8')).toBe(sitemapIndexXml('https://example.org', 2));
  });

  it('an edit put in place leaves a page it rendered to the same bytes as served, so its ETag and Last-Modified stay', () => {
    const served = tmp();
    const edit = tmp();
    for (const file of ['same/index.html', 'changed/index.html', 'sized/index.html']) write(served, file, `old ${file}`);
    // Served an hour ago: a page moved in now would have this minute's time.
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const file of ['same/index.html', 'changed/index.html', 'sized/index.html']) utimesSync(path.join(served, file), hourAgo, hourAgo);
    write(edit, 'same/index.html', 'old same/index.html');
    write(edit, 'changed/index.html', 'new changed/index.html');
    // The same length, other bytes: compared, not only sized.
    write(edit, 'sized/index.html', 'OLD sized/index.html');
    const before = (file: string) => statSync(path.join(served, file));
    const same = before('same/index.html');
    const changed = before('changed/index.html');
    expect(applyInPlace(edit, served, [])).toEqual(['same/index.html']);
    const after = (file: string) => statSync(path.join(served, file));
    expect(after('same/index.html').ino).toBe(same.ino);
    expect(after('same/index.html').mtimeMs).toBe(same.mtimeMs);
    expect(fileEtag(after('same/index.html'))).toBe(fileEtag(same));
    expect(readFileSync(path.join(served, 'changed/index.html'), 'utf8')).toBe('new changed/index.html');
    expect(fileEtag(after('changed/index.html'))).not.toBe(fileEtag(changed));
    expect(after('changed/index.html').mtimeMs).toBeGreaterThan(changed.mtimeMs);
    expect(readFileSync(path.join(served, 'sized/index.html'), 'utf8')).toBe('OLD sized/index.html');
    expect(after('sized/index.html').mtimeMs).toBeGreaterThan(hourAgo.getTime());
  });

  it("an edit put in place that made one of the sitemap's files (a title's date moved) leaves the others as they are", () => {
    const served = tmp();
    const edit = tmp();
    for (const file of ['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']) write(served, file, `old ${file}`);
    write(edit, 'sitemap-2.xml', 'new sitemap-2.xml');
    write(edit, 'sitemap.xml', sitemapIndexXml('https://example.org', 3));
    applyInPlace(edit, served, []);
    expect(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml'].map((file) => readFileSync(path.join(served, file), 'utf8')))
      .toEqual(['old sitemap-1.xml', 'new sitemap-2.xml', 'old sitemap-3.xml']);
  });

  it('fails the build, and forgets the keys, when a kept page cannot be linked', async () => {
    const cache = tmp();
    const prev = tmp();
    previousBuild(cache, prev, { 'dream/index.html': 'k1', 'actors/other.html': 'k2' });
    rmSync(path.join(prev, 'actors/other.html'));
    const reuse = createPageReuse({ outDir: tmp(), part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c1' } });
    expect(reuse.keep('dream/index.html', 'k1')).toBe(true);
    expect(reuse.keep('actors/other.html', 'k2')).toBe(true);
    await expect(keptPagesLinked()).rejects.toThrow(/could not keep 1 pages.*actors\/other\.html/);
    expect(existsSync(path.join(cache, KEYS_FILE))).toBe(false);
  });

  it('the keys of every part of a build become the previous keys, with their counts added up', () => {
    const cache = tmp();
    const out = tmp();
    writeFileSync(path.join(out, STAMP_FILE), 'this build');
    partKeys(cache, 0, { 'dream/index.html': 'k1' }, { kept: 1, rendered: 0 });
    partKeys(cache, 1, { 'sea/index.html': 'k2' }, { kept: 0, rendered: 1 });
    expect(promoteKeys(cache, out)).toEqual({ kept: 1, rendered: 1 });
    expect(savedKeys(cache)).toEqual({ 'dream/index.html': 'k1', 'sea/index.html': 'k2' });
    expect(readJson<{ ino: number }>(path.join(cache, FOLDER_FILE))?.ino).toBe(statSync(path.join(out, STAMP_FILE)).ino);
    expect(existsSync(path.join(cache, nextKeysFile(0))) || existsSync(path.join(cache, nextKeysFile(1)))).toBe(false);
  });

  it('keeps nothing when the code changed, or the folder is not the build the keys describe', () => {
    const cache = tmp();
    const prev = tmp();
    previousBuild(cache, prev, { 'dream/index.html': 'k1' });
    const otherCode = createPageReuse({ outDir: tmp(), part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c2' } });
    expect(otherCode.keep('dream/index.html', 'k1')).toBe(false);

    const stranger = tmp();
    mkdirSync(path.join(stranger, 'dream'));
    writeFileSync(path.join(stranger, 'dream/index.html'), 'someone else');
    writeFileSync(path.join(stranger, STAMP_FILE), 'another build');
    const otherFolder = createPageReuse({ outDir: tmp(), part: WHOLE, reuse: { cacheDir: cache, previousDir: stranger, codeHash: 'c1' } });
    expect(otherFolder.keep('dream/index.html', 'k1')).toBe(false);

    const noCache = createPageReuse({ outDir: tmp(), part: WHOLE });
    expect(noCache.active).toBe(false);
    expect(noCache.keep('dream/index.html', 'k1')).toBe(false);
    expect(savedKeys(cache)).toEqual({ 'dream/index.html': 'k1' });

    // Keys cut short (a write stopped midway) are none.
    const file = path.join(cache, KEYS_FILE);
    writeFileSync(file, readFileSync(file, 'utf8').slice(0, -1));
    expect(readKeys(file)).toBeNull();
    expect(createPageReuse({ outDir: tmp(), part: WHOLE, reuse: { cacheDir: cache, previousDir: prev, codeHash: 'c1' } }).keep('dream/index.html', 'k1')).toBe(false);
  });
});
