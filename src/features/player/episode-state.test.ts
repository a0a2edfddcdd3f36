import { describe, expect, it } from 'vitest';
import { episodeState, episodeStateWords, watchedSummary } from './episode-state.ts';

describe('an episode\'s state', () => {
  const watched = new Set([1, 2]);
  it('is watched, started with how far, or not started', () => {
    expect(episodeState(1, watched, null)).toEqual({ is: 'watched' });
    expect(episodeState(3, watched, { episode: 3, position: 754, duration: 2700 })).toEqual({ is: 'started', position: 754, duration: 2700 });
    expect(episodeState(3, watched, { episode: 3, position: 0, duration: 2700 })).toEqual({ is: 'new' });
    expect(episodeState(4, watched, { episode: 3, position: 754, duration: 2700 })).toEqual({ is: 'new' });
  });
  it('reads in words a screen reader says', () => {
    expect(episodeStateWords({ is: 'watched' })).toBe('просмотрена');
    expect(episodeStateWords({ is: 'new' })).toBe('не начата');
    expect(episodeStateWords({ is: 'started', position: 754, duration: 2700 })).toBe('начата: 12:34 из 45:00');
    expect(episodeStateWords({ is: 'started', position: 754, duration: null })).toBe('начата: 12:34');
  });
  it('is summed up over the title\'s own episodes', () => {
    expect(watchedSummary([1, 2, 3], new Set([1, 2, 99]))).toBe('Просмотрено 2 из 3');
  });
});
