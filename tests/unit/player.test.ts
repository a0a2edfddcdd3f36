import { describe, expect, it } from 'vitest';
import { findEpisodes, playerModel } from '../../src/lib/player.ts';

describe('player model', () => {
  it('plays a film from its video file at 500 px', () => {
    const m = playerModel({ id: 1, typeSource: 'Одиночный', source: 'video', video: 'file-1', series: [], iframeSeasons: [] });
    expect(m).toEqual({ kind: 'single', height: 500, single: { id: 1, name: 'Фильм', kind: 'video', src: '/api/assets/file-1' }, seasons: [] });
  });

  it('lists seasons with their episodes at 570 px, loose episodes first', () => {
    const m = playerModel({
      id: 2, typeSource: 'Сезоны',
      series: [{ id: 10, name: '1 серия', source: 'iframe', iframe: '/p/10' }, { id: 20, name: '1 серия', source: 'iframe', iframe: '/p/20' }],
      iframeSeasons: [{ id: 5, name: '1 сезон', series: [{ id: 20, name: '1 серия', source: 'iframe', iframe: '/p/20' }] }],
    });
    expect(m.kind).toBe('series');
    expect(m.height).toBe(570);
    expect(m.seasons.map((s) => [s.name, s.episodes.map((e) => e.id)])).toEqual([['', [10]], ['1 сезон', [20]]]);
  });

  it('leaves out episodes with nothing to play', () => {
    const m = playerModel({ id: 3, typeSource: 'Без сезонов', series: [{ id: 1, name: '1 серия', source: 'video', video: null }, { id: 2, name: '2 серия', source: 'iframe', iframe: '/p/2' }] });
    expect(m.seasons[0].episodes.map((e) => e.id)).toEqual([2]);
  });

  it('finds episodes by number or name', () => {
    const eps = [1, 2, 12].map((n) => ({ id: n, name: `${n} серия`, kind: 'iframe' as const, src: `/p/${n}` }));
    expect(findEpisodes(eps, '2').map((e) => e.id)).toEqual([2, 12]);
    expect(findEpisodes(eps, '  ').length).toBe(3);
    expect(findEpisodes(eps, 'СЕРИЯ').length).toBe(3);
  });
});
