import { describe, expect, it } from 'vitest';
import { aboutKind, kindIn, titleKind, type GrammaticalCase } from '../../src/lib/title-kind.ts';
import { CATEGORIES } from '../../directus/seed/data/taxonomy.ts';

describe('the kind of a title', () => {
  it('is named by each category of the catalogue, by slug or by name', () => {
    const kinds = CATEGORIES.map((c) => [titleKind({ category: { slug: c.slug } }), titleKind({ category: { name: c.name } })]);
    for (const [bySlug, byName] of kinds) expect(byName).toBe(bySlug);
    expect(kinds.map(([kind]) => kind).sort()).toEqual(['аниме', 'дорама', 'лакорн', 'фильм']);
    expect(titleKind({ category: { slug: 'doramy-onlayn', name: 'Дорамы' } })).toBe('дорама');
    expect(titleKind({ category: { name: 'лакорны' } })).toBe('лакорн');
  });

  it('is a series or a film by its type when the category is not one of the four', () => {
    expect(titleKind({ category: { slug: 'multfilmy', name: 'Мультфильмы' }, typeSource: 'Сезоны' })).toBe('сериал');
    expect(titleKind({ category: null, typeSource: 'Без сезонов' })).toBe('сериал');
    expect(titleKind({ category: { slug: 'multfilmy' }, typeSource: 'Одиночный' })).toBe('фильм');
    expect(titleKind({})).toBe('сериал');
  });

  it('takes each case', () => {
    expect(kindIn('дорама', 'nominative')).toBe('дорама');
    expect(kindIn('дорама', 'genitive')).toBe('дорамы');
    expect(kindIn('дорама', 'accusative')).toBe('дораму');
    expect(kindIn('дорама', 'instrumental')).toBe('дорамой');
    expect(kindIn('лакорн', 'accusative')).toBe('лакорн');
    expect(kindIn('лакорн', 'dative')).toBe('лакорну');
    expect(kindIn('фильм', 'genitive')).toBe('фильма');
    expect(kindIn('сериал', 'prepositional')).toBe('сериале');
    // Аниме does not decline.
    const cases: GrammaticalCase[] = ['nominative', 'genitive', 'dative', 'accusative', 'instrumental', 'prepositional'];
    expect(cases.map((c) => kindIn('аниме', c))).toEqual(cases.map(() => 'аниме'));
  });

  it('says what a review is about with «о» or «об»', () => {
    expect(aboutKind('дорама')).toBe('о дораме');
    expect(aboutKind('лакорн')).toBe('о лакорне');
    expect(aboutKind('фильм')).toBe('о фильме');
    expect(aboutKind('сериал')).toBe('о сериале');
    expect(aboutKind('аниме')).toBe('об аниме');
  });
});
