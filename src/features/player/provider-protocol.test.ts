import { describe, expect, it } from 'vitest';
import { commandMessage, embedEpisode, embedOrigin, readProviderEvent } from './provider-protocol.ts';

describe('the embeds\' messages', () => {
  it('are read as the protocol writes them', () => {
    expect(readProviderEvent({ key: 'kodik_player_time_update', value: 14 })).toEqual({ type: 'time', seconds: 14, exact: false });
    expect(readProviderEvent({ key: 'kodik_player_time', value: 615.8 })).toEqual({ type: 'time', seconds: 615.8, exact: true });
    expect(readProviderEvent({ key: 'kodik_player_duration_update', value: 6531.48 })).toEqual({ type: 'duration', seconds: 6531.48 });
    expect(readProviderEvent({ key: 'kodik_player_seek', value: { time: 342.5 } })).toEqual({ type: 'seek', seconds: 342.5 });
    expect(readProviderEvent({ key: 'kodik_player_video_ended' })).toEqual({ type: 'ended' });
    expect(readProviderEvent({ key: 'kodik_player_current_episode', value: { episode: 13, season: 3, translation: { id: 1, title: 'x' } } }))
      .toEqual({ type: 'episode', season: 3, episode: 13 });
    expect(readProviderEvent({ key: 'kodik_player_current_episode', value: { episode: null, season: null } })).toEqual({ type: 'episode', season: null, episode: null });
    expect(readProviderEvent({ key: 'kodik_player_volume_change', value: { muted: false, volume: 0.47 } })).toEqual({ type: 'volume', volume: 0.47, muted: false });
  });
  it('of any other shape are nothing', () => {
    for (const data of [null, 'kodik_player_play', 42, [], { key: 1 }, { key: 'kodik_player_time_update', value: '14' },
      { key: 'kodik_player_time_update', value: -3 }, { key: 'kodik_player_time_update', value: Number.POSITIVE_INFINITY },
      { key: 'kodik_player_seek', value: 3 }, { key: 'kodik_player_duration_update', value: 0 }, { key: 'other', value: 1 },
      { key: 'kodik_player_speed_change', value: { speed: 100 } }, { key: 'kodik_player_volume_change', value: { volume: 5 } }]) {
      expect(readProviderEvent(data)).toBeNull();
    }
  });
  it('are answered with commands under the protocol\'s key', () => {
    expect(commandMessage({ method: 'seek', seconds: 67 })).toEqual({ key: 'kodik_player_api', value: { method: 'seek', seconds: 67 } });
  });
  it('come from the embed\'s own origin', () => {
    expect(embedOrigin('/embed/player.html?v=1', 'http://127.0.0.1:4321/title')).toBe('http://127.0.0.1:4321');
    expect(embedOrigin('//kodik.example/serial/1', 'https://site.ru/x')).toBe('https://kodik.example');
    expect(embedOrigin('javascript:alert(1)', 'https://site.ru/x')).toBeNull();
    expect(embedOrigin('http://[', 'https://site.ru/x')).toBeNull();
  });
});

describe('the episode an embed\'s address names', () => {
  const page = 'https://site.ru/titles/x';
  it('is read with the player it belongs to, the same for every episode of it', () => {
    const first = embedEpisode('/embed/player.html?v=abc&season=1&episode=2', page);
    const next = embedEpisode('/embed/player.html?v=abc&season=2&episode=1', page);
    expect(first).toEqual({ player: 'https://site.ru/embed/player.html?v=abc', season: 1, episode: 2 });
    expect(next).toEqual({ player: first!.player, season: 2, episode: 1 });
    expect(embedEpisode('//kodik.example/serial/1/hash/720p?episode=7', page)).toEqual({ player: 'https://kodik.example/serial/1/hash/720p', season: null, episode: 7 });
  });
  it('belongs to another player when anything else differs', () => {
    expect(embedEpisode('/embed/player.html?v=abc&episode=2', page)!.player).not.toBe(embedEpisode('/embed/player.html?v=abd&episode=2', page)!.player);
  });
  it('is none for an address without a sound episode number', () => {
    for (const src of ['/embed/player.html?v=abc', '/embed/player.html?episode=0', '/embed/player.html?episode=1.5', '/embed/player.html?episode=-1',
      '/embed/player.html?episode=2&season=x', '/embed/player.html?episode=99999999', 'http://[']) {
      expect(embedEpisode(src, page)).toBeNull();
    }
  });
});
