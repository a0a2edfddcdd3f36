import { describe, expect, it } from 'vitest';
import { afterView, EPISODE_ANSWER_MS, repeatsAsk, type EpisodeAsk } from './episode-ask.ts';

const asked: EpisodeAsk = { episode: 62, from: 61, at: 1_000 };

describe('an episode asked of the room', () => {
  it('is not asked again while the room has not answered it', () => {
    expect(repeatsAsk(null, 62, 61, 1_000)).toBe(false);
    for (const later of [1_000, 2_000, 1_000 + EPISODE_ANSWER_MS - 1]) expect(repeatsAsk(asked, 62, 61, later)).toBe(true);
  });

  it('may be asked again once its answer is overdue (its frame lost), and another episode may be asked at once', () => {
    expect(repeatsAsk(asked, 62, 61, 1_000 + EPISODE_ANSWER_MS)).toBe(false);
    expect(repeatsAsk(asked, 60, 61, 1_500)).toBe(false);
  });

  it('the episode the room is on already is nothing to ask', () => {
    expect(repeatsAsk(null, 62, 62, 1_000)).toBe(true);
    expect(repeatsAsk(asked, 61, 61, 1_500)).toBe(true);
  });

  it('is answered by the room on another episode; a view still on the old one leaves it standing', () => {
    expect(afterView(asked, 61)).toBe(asked);
    expect(afterView(asked, 62)).toBeNull();
    expect(afterView(asked, 70)).toBeNull();
    expect(afterView(null, 61)).toBeNull();
    // Once answered, the room on its new episode may be asked for the next.
    expect(repeatsAsk(afterView(asked, 62), 63, 62, 1_500)).toBe(false);
  });
});
