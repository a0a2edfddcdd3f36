import { describe, expect, it } from 'vitest';
import { playerHref } from '../../src/lib/episode-link.ts';
import { PLAYER_TAB, tabOf } from '../../src/lib/title-tabs.ts';
import { addressedEpisode } from '../../src/features/title/addressed-episode.ts';

const model = { seasons: [{ episodes: [{ id: 1 }] }, { episodes: [{ id: 2 }, { id: 13 }] }] };

describe('a link to an episode', () => {
  const href = playerHref('aromat', 13);
  const search = new URL(href, 'https://site.test').search;

  it('opens the title page\'s player tab, at the player', () => {
    expect(href).toBe('/aromat?tab=seasons&episode=13#player');
    expect(tabOf(search, ['description', PLAYER_TAB])).toBe(PLAYER_TAB);
    expect(playerHref('aromat', null)).toBe('/aromat?tab=seasons#player');
  });

  it('names the episode as the player reads it', () => {
    expect(addressedEpisode(model, search)).toEqual({ id: 13 });
  });
});
