/** A slug made from a name: the transliteration the site's slugs use, and the first free one of a name. */
import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN, firstFreeSlug, slugFromName } from '../../shared/slug.ts';
import { skeleton } from '../../shared/search-variants.ts';

describe('slugFromName', () => {
  it.each([
    ['Любовь в Сеуле', 'lyubov-v-seule'],
    ['Сёнэн', 'syonen'],
    ['Сёдзё', 'syodzyo'],
    ['Корейские дорамы', 'koreyskie-doramy'],
    ['Щит и меч: Ёлки, Хэппи-энд!', 'shchit-i-mech-yolki-kheppi-end'],
    ['Объявление — Цветы 2', 'obyavlenie-tsvety-2'],
    ['Pokémon: Café Ça Va', 'pokemon-cafe-ca-va'],
    ['  Ким Со Ён  ', 'kim-so-yon'],
    ['Юность Жени', 'yunost-zheni'],
  ])('%j → %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
    expect(slug).toMatch(SLUG_PATTERN);
  });

  it('gives nothing for a name with no letter Latin can write, or for no name', () => {
    expect(slugFromName('사랑의 불시착')).toBe('');
    expect(slugFromName('!!!')).toBe('');
    expect(slugFromName(undefined)).toBe('');
    expect(slugFromName(42)).toBe('');
  });

  it('keeps within the length at a word\'s end, and cuts a single long word', () => {
    const slug = slugFromName('Очень длинное название дорамы про любовь и дружбу', 30);
    expect(slug).toBe('ochen-dlinnoe-nazvanie-doramy');
    expect(slugFromName('а'.repeat(50), 10)).toBe('a'.repeat(10));
  });

  it('spells a name as the search spells it, so a slug typed into search finds its title', () => {
    const name = 'Тайная жизнь моего секретаря';
    expect(skeleton(slugFromName(name).replaceAll('-', ' '))).toEqual(skeleton(name));
  });
});

describe('firstFreeSlug', () => {
  it('takes the name itself, then -2, -3 …', () => {
    const taken = new Set(['lyubov', 'lyubov-2']);
    expect(firstFreeSlug('mest', (s) => !taken.has(s))).toBe('mest');
    expect(firstFreeSlug('lyubov', (s) => !taken.has(s))).toBe('lyubov-3');
  });

  it('shortens the name to fit the suffix within the length', () => {
    const base = 'abcde-fghij';
    expect(firstFreeSlug(base, (s) => s !== base, 11)).toBe('abcde-fgh-2');
    expect(firstFreeSlug('abcde-fghij', (s) => s !== 'abcde-fghij' && s !== 'abcde-fgh-2', 11)).toBe('abcde-fgh-3');
    expect(firstFreeSlug('abcdef-hi', (s) => s !== 'abcdef-hi', 9)).toBe('abcdef-2');
  });
});
