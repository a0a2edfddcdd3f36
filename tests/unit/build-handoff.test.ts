/** The build's handoff: what the parent hands a build process, read and checked in one place, and the messages they exchange. */
import { describe, expect, it } from 'vitest';
import { asBuildMessage, asParentMessage, HANDOFF_ENV, handoffEnv, pagesDirOf, readHandoff, type BuildHandoff } from '../../src/site-build/handoff.ts';

const edit: BuildHandoff = {
  outDir: '/tmp/out',
  part: { index: 0, count: 1 },
  rowsDir: '/srv/site/cache',
  reuse: { cacheDir: '/srv/site/cache', codeHash: 'abc', previousDir: '/srv/site/builds/1' },
  changes: { kind: 'some', changed: { titles: [3, 4], actors: [] } },
  astroLog: 'warn',
};

describe('the handoff', () => {
  it('reaches the build process as it was given', () => {
    expect(readHandoff(handoffEnv(edit))).toEqual(edit);
    const ahead: BuildHandoff = { outDir: '/tmp/o', part: { index: 1, count: 2 }, changes: { kind: 'later' }, astroLog: 'info' };
    expect(readHandoff(handoffEnv(ahead))).toEqual(ahead);
  });

  it("sends a split build's pages to one folder when it names one, else to the process's own", () => {
    const other: BuildHandoff = { outDir: '/tmp/b/dist-1', pagesDir: '/tmp/b/dist', part: { index: 1, count: 2 }, changes: { kind: 'all' }, astroLog: 'warn' };
    expect(pagesDirOf(readHandoff(handoffEnv(other)))).toBe('/tmp/b/dist');
    expect(pagesDirOf(edit)).toBe(edit.outDir);
    expect(() => handoffEnv({ ...other, pagesDir: '' })).toThrow();
  });

  it('is the whole site in one part, reusing nothing, when a process has none (astro dev, astro check)', () => {
    expect(readHandoff({})).toEqual({ outDir: 'dist', part: { index: 0, count: 1 }, changes: { kind: 'all' }, astroLog: 'warn' });
  });

  it('refuses what is not one, naming what is wrong', () => {
    expect(() => readHandoff({ [HANDOFF_ENV]: '{' })).toThrow(/not JSON/);
    expect(() => readHandoff({ [HANDOFF_ENV]: JSON.stringify({ ...edit, part: { index: 2, count: 2 } }) })).toThrow(/part/);
    expect(() => readHandoff({ [HANDOFF_ENV]: JSON.stringify({ ...edit, changes: { kind: 'some' } }) })).toThrow(/changed/);
    expect(() => readHandoff({ [HANDOFF_ENV]: JSON.stringify({ ...edit, stray: 1 }) })).toThrow(/stray/);
    expect(() => handoffEnv({ ...edit, outDir: '' })).toThrow();
  });
});

describe('the messages', () => {
  it('are told apart by their type, and anything else is none of them', () => {
    expect(asBuildMessage({ type: 'catalogue-saved' })).toEqual({ type: 'catalogue-saved' });
    expect(asBuildMessage({ type: 'standby-waiting' })).toEqual({ type: 'standby-waiting' });
    expect(asBuildMessage({ type: 'go', changed: {} })).toBeNull();
    expect(asBuildMessage('catalogue-saved')).toBeNull();
    expect(asParentMessage({ type: 'go', changed: { titles: [1] } })).toEqual({ type: 'go', changed: { titles: [1] } });
    expect(asParentMessage({ type: 'go', changed: { titles: ['1'] } })).toBeNull();
    expect(asParentMessage({ type: 'catalogue-ready' })).toEqual({ type: 'catalogue-ready' });
  });
});
