import { describe, expect, it } from 'vitest';
import { isWatchedAt, marksAfterWatching, watchedFrom, WATCHED_SHARE } from './watching.ts';

describe('when an episode counts as watched', () => {
  it('is at 85 % of its length', () => {
    expect(watchedFrom(1000)).toBe(1000 * WATCHED_SHARE);
    expect(isWatchedAt(849, 1000)).toBe(false);
    expect(isWatchedAt(850, 1000)).toBe(true);
  });
  it('or at the ending\'s start when that comes first', () => {
    const segments = [{ kind: 'ending' as const, start: 800, end: 1000 }];
    expect(watchedFrom(1000, segments)).toBe(800);
    expect(isWatchedAt(800, 1000, segments)).toBe(true);
    expect(watchedFrom(1000, [{ kind: 'ending', start: 900, end: 1000 }])).toBe(850);
  });
  it('is never while the length is unknown', () => {
    expect(watchedFrom(null)).toBeNull();
    expect(isWatchedAt(5000, 0)).toBe(false);
    expect(isWatchedAt(null, 1000)).toBe(false);
  });
});

describe('marks that follow the watching', () => {
  it('put the title in «Смотрю» at its first watched episode, out of «Буду смотреть»', () => {
    expect(marksAfterWatching([], false)).toEqual({ add: ['Смотрю'], remove: [] });
    expect(marksAfterWatching(['Буду смотреть', 'Избранное'], false)).toEqual({ add: ['Смотрю'], remove: ['Буду смотреть'] });
    expect(marksAfterWatching(['Смотрю'], false)).toEqual({ add: [], remove: [] });
  });
  it('move it to «Смотрел» at its last episode', () => {
    expect(marksAfterWatching(['Смотрю', 'Буду смотреть', 'Избранное'], true)).toEqual({ add: ['Смотрел'], remove: ['Смотрю', 'Буду смотреть'] });
    expect(marksAfterWatching(['Смотрел'], true)).toEqual({ add: [], remove: [] });
  });
  it('leave a rewatched title in «Смотрел»', () => {
    expect(marksAfterWatching(['Смотрел'], false)).toEqual({ add: [], remove: [] });
  });
  it('never touch «Не интересно», nor anything when switched off', () => {
    expect(marksAfterWatching(['Не интересно'], true)).toEqual({ add: [], remove: [] });
    expect(marksAfterWatching([], false, false)).toEqual({ add: [], remove: [] });
  });
});
