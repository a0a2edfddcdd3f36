import { describe, expect, it } from 'vitest';
import { episodeNumber, findEpisodes } from './episode-search.ts';

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `${i + 1} серия`, kind: 'iframe' as const, src: `/p/${i + 1}` }));

describe('episode search', () => {
  it('finds episodes by number or name', () => {
    const eps = [1, 2, 12].map((n) => ({ id: n, name: `${n} серия`, kind: 'iframe' as const, src: `/p/${n}` }));
    expect(findEpisodes(eps, '2').map((e) => e.id)).toEqual([2]);
    expect(findEpisodes(eps, '  ').length).toBe(3);
    expect(findEpisodes(eps, 'СЕРИЯ').length).toBe(3);
  });

  it('understands the ways people write an episode number', () => {
    const eps = numbered(24);
    for (const q of ['3', 'серия 3', '3 серия', 'третья', 'Третья серия', 'серию третью', '3-я', 'три', 'третьей серии']) {
      expect(findEpisodes(eps, q).map((e) => e.name), q).toEqual(['3 серия']);
    }
    expect(findEpisodes(eps, 'пятнадцатая').map((e) => e.id)).toEqual([15]);
    expect(findEpisodes(eps, 'двадцать первая').map((e) => e.id)).toEqual([21]);
    expect(findEpisodes(eps, 'сто')).toEqual([]);
  });

  it('reads numerals past fifty, hundreds and three-word ones in a long series', () => {
    const eps = numbered(424);
    const cases: [string, number][] = [
      ['шестьдесят', 60], ['шестидесятая', 60], ['семьдесят седьмая', 77], ['восьмидесятая', 80], ['девяностая', 90],
      ['пятидесятая', 50], ['сороковая', 40], ['сто', 100], ['сотая', 100], ['двести', 200], ['двести первая', 201],
      ['триста', 300], ['трехсотая', 300], ['трёхсотая', 300], ['сто двенадцатая', 112], ['четыреста двадцать четвертая', 424],
      ['одну', 1], ['Серия двести двадцать вторая', 222],
    ];
    // «триста» once found episode 3 and «шестьдесят» episode 6: a stem took a larger number's first letters.
    for (const [q, n] of cases) expect(findEpisodes(eps, q).map((e) => e.id), q).toEqual([n]);
  });

  it('takes words only as numerals when the rest is a numeral\'s ending', () => {
    for (const q of ['пятница', 'семья', 'вторник', 'стол']) expect(episodeNumber(q), q).toBeNull();
    const eps = ['Пилот', 'Пятница', 'Семья'].map((name, i) => ({ id: i + 1, name }));
    expect(findEpisodes(eps, 'пятница').map((e) => e.name)).toEqual(['Пятница']);
    expect(findEpisodes(eps, 'семья').map((e) => e.name)).toEqual(['Семья']);
  });

  it('refuses numerals out of order', () => {
    for (const q of ['три двадцать', 'двадцать двадцать', 'первая вторая', 'сто двести']) expect(episodeNumber(q), q).toBeNull();
  });

  it('takes the place in the list when names carry no numbers', () => {
    const eps = ['Пилот', 'Возвращение', 'Финал'].map((name, i) => ({ id: i + 1, name, kind: 'iframe' as const, src: `/p/${i}` }));
    expect(findEpisodes(eps, 'вторая').map((e) => e.name)).toEqual(['Возвращение']);
    expect(findEpisodes(eps, 'фин').map((e) => e.name)).toEqual(['Финал']);
  });
});
