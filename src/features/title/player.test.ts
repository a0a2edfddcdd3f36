import { describe, expect, it } from 'vitest';
import { clock, comingEpisodes, playerModel, resumeLabel, resumePoint, type PlayerModel } from './player.ts';

describe('player model', () => {
  it('plays a film from its video file at 500 px', () => {
    const m = playerModel({ id: 1, typeSource: 'Одиночный', source: 'video', video: 'file-1', series: [], iframeSeasons: [] });
    expect(m).toEqual({ kind: 'single', height: 500, single: { id: 1, name: 'Фильм', kind: 'video', src: '/api/assets/file-1', segments: [], duration: null }, seasons: [], kept: [] });
  });

  it('keeps episodes kept for subscribers out of the list, named with their season, whatever a reader may play', () => {
    const m = playerModel({
      id: 3, typeSource: 'Сезоны',
      series: [
        { id: 1, name: '1 серия', season: 5, source: 'iframe', iframe: '/embed/1' },
        { id: 2, name: '2 серия', season: 5, deleted: true, source: null, iframe: null },
        { id: 3, name: '1 серия', season: 6, deleted: true, source: 'iframe', iframe: '/embed/3' },
      ],
      iframeSeasons: [{ id: 5, name: '1 сезон' }, { id: 6, name: '2 сезон' }],
    });
    expect(m.kept).toEqual([{ id: 2, name: '1 сезон · 2 серия' }, { id: 3, name: '2 сезон · 1 серия' }]);
    expect(m.seasons.flatMap((s) => s.episodes.map((e) => e.id))).toEqual([1, 3]);
  });

  it('lists seasons with their episodes at 570 px, those of no season shown first', () => {
    const m = playerModel({
      id: 2, typeSource: 'Сезоны',
      series: [{ id: 20, name: '1 серия', season: 5, source: 'iframe', iframe: '/embed/20' }, { id: 10, name: '1 серия', season: null, source: 'iframe', iframe: '/embed/10' }, { id: 30, name: '', season: 9, source: 'iframe', iframe: '/embed/30' }],
      iframeSeasons: [{ id: 5, name: '1 сезон' }],
    });
    expect(m.kind).toBe('series');
    expect(m.height).toBe(570);
    expect(m.seasons.map((s) => [s.name, s.episodes.map((e) => e.id)])).toEqual([['', [10, 30]], ['1 сезон', [20]]]);
    expect(m.seasons[0].episodes.map((e) => e.name)).toEqual(['1 серия', '2 серия']);
  });

  it('gives each episode its own segments and its season\'s where it sets none, with its length', () => {
    const m = playerModel({
      id: 4, typeSource: 'Сезоны',
      series: [
        { id: 1, name: '1 серия', season: 5, source: 'iframe', iframe: '/embed/1', duration: 1400, segments: [{ kind: 'opening', start: null, end: null, absent: true }] },
        { id: 2, name: '2 серия', season: 5, source: 'iframe', iframe: '/embed/2', duration: 1400, segments: [{ kind: 'opening', start: 20, end: 110 }] },
        { id: 3, name: '3 серия', season: 5, source: 'iframe', iframe: '/embed/3', duration: null, segments: [] },
      ],
      iframeSeasons: [{ id: 5, name: '1 сезон', segments: [{ kind: 'opening', start: 0, end: 90 }, { kind: 'ending', start: 1320, end: 1400 }] }],
    });
    const [first, second, third] = m.seasons[0].episodes;
    expect(first.segments).toEqual([{ kind: 'ending', start: 1320, end: 1400 }]);
    expect(second.segments).toEqual([{ kind: 'opening', start: 20, end: 110 }, { kind: 'ending', start: 1320, end: 1400 }]);
    expect(third.segments).toEqual([{ kind: 'opening', start: 0, end: 90 }, { kind: 'ending', start: 1320, end: 1400 }]);
    expect([first.duration, third.duration]).toEqual([1400, null]);
  });

  it('counts an episode watched at its ending\'s start, before 85 %, when it goes on', () => {
    const m = playerModel({
      id: 5, typeSource: 'Без сезонов',
      series: [
        { id: 1, name: '1 серия', source: 'iframe', iframe: '/embed/1', duration: 1400, segments: [{ kind: 'ending', start: 1100, end: 1400 }] },
        { id: 2, name: '2 серия', source: 'iframe', iframe: '/embed/2', duration: 1400, segments: [] },
      ],
    });
    expect(resumePoint(m, { episode: 1, position: 1100, duration: 1400 })).toMatchObject({ episode: { id: 2 }, next: true });
    expect(resumePoint(m, { episode: 1, position: 1099, duration: 1400 })).toMatchObject({ episode: { id: 1 }, next: false });
  });

  it('leaves out episodes with nothing to play', () => {
    const m = playerModel({ id: 3, typeSource: 'Без сезонов', series: [{ id: 1, name: '1 серия', source: 'video', video: null }, { id: 2, name: '2 серия', source: 'iframe', iframe: '/embed/2' }] });
    expect(m.seasons[0].episodes.map((e) => e.id)).toEqual([2]);
  });

  it('names the episodes with nothing to play as coming, numbered in their list, those kept for subscribers aside', () => {
    const series = [
      { id: 1, name: '', source: 'iframe', iframe: '/embed/1' },
      { id: 2, name: '', source: 'iframe', iframe: null },
      { id: 3, name: 'Финал', source: 'video', video: null },
      { id: 4, name: '4 серия', deleted: true, source: null },
    ];
    const loose = { id: 3, typeSource: 'Без сезонов', series };
    expect(playerModel(loose).seasons[0].episodes.map((e) => e.name)).toEqual(['1 серия']);
    expect(comingEpisodes(loose)).toEqual([{ id: 2, name: '2 серия' }, { id: 3, name: 'Финал' }]);
    // With seasons, named with their season when there are several; a film lists none.
    const seasons = {
      id: 4, typeSource: 'Сезоны', iframeSeasons: [{ id: 5, name: '1 сезон' }, { id: 6, name: '2 сезон' }],
      series: [{ id: 10, name: '1 серия', season: 5, source: 'iframe', iframe: '/embed/10' }, { id: 11, name: '', season: 6, source: 'iframe', iframe: '' }],
    };
    expect(comingEpisodes(seasons)).toEqual([{ id: 11, name: '2 сезон · 1 серия' }]);
    expect(comingEpisodes({ ...loose, typeSource: 'Одиночный' })).toEqual([]);
    expect(comingEpisodes({ id: 5, series: [{ id: 1, name: '1 серия', source: 'iframe', iframe: '/embed/1' }] })).toEqual([]);
  });

  it('frames no address but another site\'s over https or the site\'s own embed, whatever is stored', () => {
    const series = ['javascript:alert(1)', 'data:text/html,x', '/profile/edit', 'https://player.example/4', '/embed/player.html?v=5']
      .map((iframe, i) => ({ id: i + 1, name: `${i + 1} серия`, source: 'iframe', iframe }));
    const m = playerModel({ id: 3, typeSource: 'Без сезонов', series });
    expect(m.seasons[0].episodes.map((e) => e.src)).toEqual(['https://player.example/4', '/embed/player.html?v=5']);
  });
});

describe('continue watching', () => {
  const episode = (id: number) => ({ id, name: `${id % 10} серия`, season: Math.floor(id / 10), source: 'video', video: `file-${id}` });
  const twoSeasons: PlayerModel = playerModel({
    id: 7, typeSource: 'Сезоны',
    series: [episode(21), episode(11), episode(22), episode(12), episode(23)],
    iframeSeasons: [{ id: 1, name: '1 сезон' }, { id: 2, name: '2 сезон' }],
  });
  const oneSeason = playerModel({ id: 8, typeSource: 'Без сезонов', series: [episode(31), episode(32), episode(33)] });
  const film = playerModel({ id: 9, typeSource: 'Одиночный', source: 'video', video: 'file-9' });

  it('offers the saved episode at its second', () => {
    const point = resumePoint(oneSeason, { episode: 33, position: 754, duration: 1500 });
    expect(point).toMatchObject({ episode: { id: 33 }, number: 3, position: 754, next: false });
    expect(resumeLabel(oneSeason, point!)).toBe('Продолжить с 12:34, серия 3');
  });

  it('names the season when there are several', () => {
    const point = resumePoint(twoSeasons, { episode: 22, position: 65, duration: 1500 })!;
    expect(resumeLabel(twoSeasons, point)).toBe('Продолжить с 1:05, серия 2, 2 сезон');
  });

  it('offers the next episode once one is watched past 90 %, across seasons', () => {
    expect(resumePoint(oneSeason, { episode: 31, position: 1274, duration: 1500 })).toMatchObject({ episode: { id: 31 }, next: false });
    const next = resumePoint(twoSeasons, { episode: 12, position: 1350, duration: 1500 })!;
    expect(next).toMatchObject({ episode: { id: 21 }, number: 1, position: 0, next: true });
    expect(resumeLabel(twoSeasons, next)).toBe('Смотреть дальше: серия 1, 2 сезон');
  });

  it('offers nothing once the last episode is watched, at the very start, or for an episode no longer there', () => {
    expect(resumePoint(oneSeason, { episode: 33, position: 1490, duration: 1500 })).toBeNull();
    expect(resumePoint(oneSeason, { episode: 31, position: 0, duration: 1500 })).toBeNull();
    expect(resumePoint(oneSeason, { episode: 99, position: 100, duration: 1500 })).toBeNull();
    expect(resumePoint(oneSeason, null)).toBeNull();
  });

  it('offers the last episode opened in an embedded player, without a second', () => {
    const point = resumePoint(oneSeason, { episode: 32, position: null, duration: null })!;
    expect(resumeLabel(oneSeason, point)).toBe('Продолжить: серия 2');
  });

  it('resumes a film by its second alone', () => {
    const point = resumePoint(film, { episode: null, position: 3725, duration: 7200 })!;
    expect(resumeLabel(film, point)).toBe('Продолжить с 1:02:05');
    expect(resumePoint(film, { episode: null, position: 7000, duration: 7200 })).toBeNull();
  });

  it('writes times as a clock', () => {
    expect([clock(0), clock(59.9), clock(754), clock(3600)]).toEqual(['0:00', '0:59', '12:34', '1:00:00']);
  });
});
