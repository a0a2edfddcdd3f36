import { describe, expect, it } from 'vitest';
import { addressedEpisode } from './addressed-episode.ts';

const model = { seasons: [{ episodes: [{ id: 1 }, { id: 2 }] }, { episodes: [{ id: 10 }] }] };

describe('the episode the address names', () => {
  it('is the title\'s episode of that id, in any season, whatever else the address says', () => {
    expect(addressedEpisode(model, '?tab=seasons&episode=10')).toEqual({ id: 10 });
    expect(addressedEpisode(model, '?episode=2&x=1')).toEqual({ id: 2 });
  });

  it('is none for no id, a malformed one or another title\'s episode', () => {
    for (const search of ['', '?tab=seasons', '?episode=', '?episode=abc', '?episode=-1', '?episode=2.5', '?episode=99']) {
      expect(addressedEpisode(model, search), search).toBeNull();
    }
  });

  it('is none in a film, which has no seasons', () => {
    expect(addressedEpisode({ seasons: [] }, '?episode=1')).toBeNull();
  });
});
