/** A build split across processes: which part renders what, the catalogue handed over once, and the parts put together. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inShard, LEAD_HANDS_ON, shardOf } from '../../src/site-build/shard.ts';
import { createRowsRelay } from '../../src/site-build/catalogue-relay.ts';
import type { ParentMessage } from '../../src/site-build/handoff.ts';
import { moveMissing } from '../../scripts/site-build/move-missing.ts';
import { heapGrowth } from '../../scripts/site-build/build.ts';

describe('parts of a build', () => {
  it('a process without a part is the whole build, and the lead', () => {
    expect(shardOf({ index: 0, count: 1 })).toEqual({ index: 0, count: 1, lead: true });
    expect(shardOf({ index: 1, count: 3 })).toEqual({ index: 1, count: 3, lead: false });
  });

  it("a build of every page gives its heap less room to grow than an edit's, which loads the catalogue and renders a few pages", () => {
    const edit = heapGrowth({ changes: { kind: 'some', changed: { titles: [1] } } });
    expect(heapGrowth({ changes: { kind: 'all' } })).toBeLessThan(edit);
    // A build started ahead is always an edit's.
    expect(heapGrowth({ changes: { kind: 'later' } })).toBe(edit);
  });

  it('the parts share every item out once, and evenly', () => {
    const items = Array.from({ length: 10 }, (_, i) => `t${i}`);
    const partOf = (k: number, count: number) => items.filter((_, i) => inShard(i, shardOf({ index: k, count })));
    const parts = [0, 1, 2].map((k) => partOf(k, 3));
    expect(parts.flat().sort()).toEqual([...items].sort());
    expect(parts.map((p) => p.length)).toEqual([4, 3, 3]);
    expect(partOf(0, 1)).toEqual(items);
  });

  it('the lead, which also reads the catalogue, hands one of every LEAD_HANDS_ON of its items on to the part after it', () => {
    const rounds = LEAD_HANDS_ON * 4;
    for (const count of [2, 3]) {
      const owners = Array.from({ length: rounds * count }, (_, i) => [0, 1, 2].filter((k) => k < count && inShard(i, shardOf({ index: k, count }))));
      expect(owners.every((o) => o.length === 1)).toBe(true);
      const sizes = [0, 1, 2].slice(0, count).map((k) => owners.filter(([o]) => o === k).length);
      const handedOn = rounds / LEAD_HANDS_ON;
      expect(sizes).toEqual([rounds - handedOn, rounds + handedOn, rounds].slice(0, count));
    }
  });
});

describe('the catalogue handed from the lead to the other parts', () => {
  const relayed = () => {
    const sent: [number, ParentMessage['type']][] = [];
    return { sent, relay: createRowsRelay((part, message) => sent.push([part, message.type])) };
  };

  it('a part that asks before the lead has saved the rows hears once it has', () => {
    const { sent, relay } = relayed();
    relay.receive(1, { type: 'catalogue-wanted' });
    relay.receive(2, { type: 'catalogue-wanted' });
    expect(sent).toEqual([]);
    relay.receive(0, { type: 'catalogue-saved' });
    expect(sent).toEqual([[1, 'catalogue-ready'], [2, 'catalogue-ready']]);
  });

  it('a part that asks after hears at once, and other messages are let be', () => {
    const { sent, relay } = relayed();
    relay.receive(0, { type: 'catalogue-saved' });
    relay.receive(1, { unrelated: true });
    expect(sent).toEqual([]);
    relay.receive(1, { type: 'catalogue-wanted' });
    expect(sent).toEqual([[1, 'catalogue-ready']]);
  });
});

describe('the parts put together', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  function folder(files: Record<string, string>): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'split-build-'));
    dirs.push(dir);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  }

  it("another part's pages join the lead's, and what both made stays the lead's", () => {
    const lead = folder({ 'index.html': 'lead home', 'dream/index.html': 'dream', 'actors/ann/index.html': 'ann', '_astro/a.js': 'js' });
    const other = folder({ 'index.html': 'other home', 'sea/index.html': 'sea', 'sea/actors/index.html': 'sea cast', 'actors/bo/index.html': 'bo', '_astro/a.js': 'js' });
    moveMissing(other, lead);
    const read = (file: string) => readFileSync(path.join(lead, file), 'utf8');
    expect(read('index.html')).toBe('lead home');
    expect([read('dream/index.html'), read('sea/index.html'), read('sea/actors/index.html')]).toEqual(['dream', 'sea', 'sea cast']);
    expect([read('actors/ann/index.html'), read('actors/bo/index.html')]).toEqual(['ann', 'bo']);
  });
});
