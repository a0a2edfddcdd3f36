import { describe, expect, it } from 'vitest';
import {
  COUNTRY_ADJECTIVES, EPISODE_FORMS, GENRE_ADJECTIVES, SEASON_FORMS, categoryNoun, countRu, filterHeading, pluralRu,
} from '../../src/lib/russian.ts';
import { COUNTRIES, GENRES } from '../../directus/seed/data/taxonomy.ts';

describe('pluralRu', () => {
  it.each([
    [0, 'серий'], [1, 'серия'], [2, 'серии'], [3, 'серии'], [4, 'серии'], [5, 'серий'], [10, 'серий'],
    [11, 'серий'], [12, 'серий'], [14, 'серий'], [16, 'серий'], [21, 'серия'], [22, 'серии'], [25, 'серий'],
    [101, 'серия'], [111, 'серий'], [112, 'серий'], [1004, 'серии'], [-1, 'серия'], [-12, 'серий'],
  ])('%i → %s', (n, form) => {
    expect(pluralRu(n, EPISODE_FORMS)).toBe(form);
  });

  it('takes the few form for a fraction', () => {
    expect(pluralRu(1.5, EPISODE_FORMS)).toBe('серии');
  });

  it('writes counts', () => {
    expect(countRu(16, EPISODE_FORMS)).toBe('16 серий');
    expect(countRu(1, SEASON_FORMS)).toBe('1 сезон');
    expect(countRu(3, SEASON_FORMS)).toBe('3 сезона');
    expect(countRu(5, SEASON_FORMS)).toBe('5 сезонов');
  });
});

describe('word forms of the catalogue', () => {
  it('covers the nine countries of the spec', () => {
    expect(Object.keys(COUNTRY_ADJECTIVES).sort()).toEqual([...COUNTRIES].sort());
  });

  it('has eleven genres of the demo catalogue', () => {
    expect(Object.keys(GENRE_ADJECTIVES)).toHaveLength(11);
    for (const genre of Object.keys(GENRE_ADJECTIVES)) expect(GENRES).toContain(genre);
  });

  it('names categories by slug or by name', () => {
    expect(categoryNoun('doramy-onlayn')).toBe('дорамы');
    expect(categoryNoun('lakorny-onlayn')).toBe('лакорны');
    expect(categoryNoun('anime')).toBe('аниме');
    expect(categoryNoun('filmy-onlayn')).toBe('фильмы');
    expect(categoryNoun('Дорамы')).toBe('дорамы');
    expect(categoryNoun('Мультфильмы')).toBe('мультфильмы');
    expect(categoryNoun('unknown-slug')).toBe('фильмы и сериалы');
    expect(categoryNoun(null)).toBe('фильмы и сериалы');
  });
});

describe('filterHeading', () => {
  it('puts the country and the genre before the category', () => {
    expect(filterHeading({ category: 'Дорамы', country: 'Китай', genre: 'Комедия' })).toEqual({
      heading: 'Китайские комедийные дорамы',
      title: 'Китайские комедийные дорамы смотреть онлайн',
      description: 'Китайские комедийные дорамы смотреть онлайн без регистрации. Подборка по популярности: выбирайте по жанру, году выхода, стране и статусу выпуска.',
    });
  });

  it.each([
    [{ category: 'doramy-onlayn' }, 'Дорамы смотреть онлайн'],
    [{ category: 'anime', genre: 'Фэнтези' }, 'Фэнтезийные аниме смотреть онлайн'],
    [{ category: 'Лакорны', country: 'Таиланд' }, 'Тайские лакорны смотреть онлайн'],
    [{ category: 'filmy-onlayn', country: 'Гонконг', genre: 'Боевик' }, 'Гонконгские остросюжетные фильмы смотреть онлайн'],
    [{ category: 'Дорамы', country: 'Япония', genre: 'Драма' }, 'Японские драматические дорамы смотреть онлайн'],
    [{ category: 'Дорамы', country: 'Южная Корея', genre: 'Романтика' }, 'Корейские романтические дорамы смотреть онлайн'],
    [{ category: 'Дорамы', country: 'Тайвань', genre: 'Мелодрама' }, 'Тайваньские мелодраматические дорамы смотреть онлайн'],
    [{ category: 'Фильмы', country: 'Вьетнам', genre: 'Семейный' }, 'Вьетнамские семейные фильмы смотреть онлайн'],
    [{ category: 'Фильмы', country: 'Филиппины', genre: 'Приключения' }, 'Филиппинские приключенческие фильмы смотреть онлайн'],
    [{ category: 'Фильмы', country: 'Индонезия', genre: 'Детектив' }, 'Индонезийские детективные фильмы смотреть онлайн'],
    [{ category: 'Аниме', genre: 'Повседневность' }, 'Повседневные аниме смотреть онлайн'],
    [{ category: 'Дорамы', genre: 'Исторический' }, 'Исторические дорамы смотреть онлайн'],
  ])('%j → %s', (input, title) => {
    expect(filterHeading(input).title).toBe(title);
  });

  it('gives other genres and countries a suffix', () => {
    expect(filterHeading({ category: 'Дорамы', genre: 'Ужасы' }).heading).toBe('Дорамы в жанре «Ужасы»');
    expect(filterHeading({ category: 'Фильмы', country: 'США' }).heading).toBe('Фильмы из страны «США»');
    expect(filterHeading({ category: 'Дорамы', genre: 'Ужасы', country: 'США' }).heading).toBe('Дорамы в жанре «Ужасы» из страны «США»');
    expect(filterHeading({ category: 'Дорамы', genre: 'Ужасы', country: 'Китай' }).heading).toBe('Китайские дорамы в жанре «Ужасы»');
    expect(filterHeading({ category: 'Дорамы', genre: 'Комедия', country: 'США' }).heading).toBe('Комедийные дорамы из страны «США»');
  });

  it('uses the subcategory as the noun', () => {
    expect(filterHeading({ category: 'Дорамы', subcategory: 'Китайские дорамы', genre: 'Комедия' }).heading).toBe('Комедийные китайские дорамы');
    expect(filterHeading({ category: 'Аниме', subcategory: 'Сёнэн' }).heading).toBe('Сёнэн');
    expect(filterHeading({ category: 'Аниме', subcategory: 'Аниме-сериалы', genre: 'Драма' }).heading).toBe('Драматические аниме-сериалы');
  });

  it('does not repeat an adjective the subcategory already has', () => {
    expect(filterHeading({ category: 'Дорамы', subcategory: 'Корейские дорамы', country: 'Южная Корея' }).heading).toBe('Корейские дорамы');
    expect(filterHeading({ category: 'Лакорны', subcategory: 'Романтические лакорны', genre: 'Романтика', country: 'Таиланд' }).heading)
      .toBe('Тайские романтические лакорны');
  });

  it('matches names case-blind and with ё folded', () => {
    expect(filterHeading({ category: 'Дорамы', country: 'китай', genre: 'КОМЕДИЯ' }).heading).toBe('Китайские комедийные дорамы');
  });

  it('keeps an abbreviation in a subcategory as written', () => {
    expect(filterHeading({ subcategory: 'BL-дорамы', country: 'Таиланд' }).heading).toBe('Тайские BL-дорамы');
  });

  it('has a generic noun without a category', () => {
    expect(filterHeading({}).title).toBe('Фильмы и сериалы смотреть онлайн');
    expect(filterHeading({ genre: 'Комедия' }).heading).toBe('Комедийные фильмы и сериалы');
  });
});
