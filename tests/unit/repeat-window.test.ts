import { describe, expect, it } from 'vitest';
import { RepeatWindow } from '../../directus/extensions/count-view/src/repeat-window.ts';

describe('repeat window of the view counter', () => {
  it('counts a visitor once per title within the window, again after it', () => {
    const w = new RepeatWindow(1000, 10);
    expect(w.firstTime('ip:1', 0)).toBe(true);
    expect(w.firstTime('ip:1', 999)).toBe(false);
    expect(w.firstTime('ip:2', 999)).toBe(true);
    expect(w.firstTime('ip:1', 1000)).toBe(true);
  });

  it('stays bounded, forgetting the oldest visitor first', () => {
    const w = new RepeatWindow(60_000, 2);
    w.firstTime('a', 0);
    w.firstTime('b', 0);
    w.firstTime('c', 0);
    expect(w.firstTime('a', 1)).toBe(true);
    expect(w.firstTime('c', 1)).toBe(false);
  });
});
