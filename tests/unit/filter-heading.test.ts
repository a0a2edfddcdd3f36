import { describe, expect, it } from 'vitest';
import { COUNTRY_ADJECTIVES, GENRE_ADJECTIVES, STATUS_ADJECTIVES, categoryNoun, filterHeading } from '../../src/lib/filter-heading.ts';
import { FILTER_SORTS } from '../../src/lib/filter-query.ts';
import { RELEASE_STATUSES } from '../../shared/visitor-rules.ts';
import { COUNTRIES, GENRES } from '../../directus/seed/data/taxonomy.ts';

describe('word forms of the catalogue', () => {
  it('covers the nine countries of the catalogue', () => {
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
    expect(filterHeading({ category: 'Дорамы', country: 'Китай', genres: ['Комедия'] })).toEqual({
      heading: 'Китайские комедийные дорамы',
      title: 'Китайские комедийные дорамы смотреть онлайн',
      description: 'Китайские комедийные дорамы смотреть онлайн без регистрации. Сначала самые популярные.',
    });
  });

  it.each([
    [{ category: 'doramy-onlayn' }, 'Дорамы смотреть онлайн'],
    [{ category: 'anime', genres: ['Фэнтези'] }, 'Фэнтезийные аниме смотреть онлайн'],
    [{ category: 'Лакорны', country: 'Таиланд' }, 'Тайские лакорны смотреть онлайн'],
    [{ category: 'filmy-onlayn', country: 'Гонконг', genres: ['Боевик'] }, 'Гонконгские остросюжетные фильмы смотреть онлайн'],
    [{ category: 'Дорамы', country: 'Япония', genres: ['Драма'] }, 'Японские драматические дорамы смотреть онлайн'],
    [{ category: 'Дорамы', country: 'Южная Корея', genres: ['Романтика'] }, 'Корейские романтические дорамы смотреть онлайн'],
    [{ category: 'Дорамы', country: 'Тайвань', genres: ['Мелодрама'] }, 'Тайваньские мелодраматические дорамы смотреть онлайн'],
    [{ category: 'Фильмы', country: 'Вьетнам', genres: ['Семейный'] }, 'Вьетнамские семейные фильмы смотреть онлайн'],
    [{ category: 'Фильмы', country: 'Филиппины', genres: ['Приключения'] }, 'Филиппинские приключенческие фильмы смотреть онлайн'],
    [{ category: 'Фильмы', country: 'Индонезия', genres: ['Детектив'] }, 'Индонезийские детективные фильмы смотреть онлайн'],
    [{ category: 'Аниме', genres: ['Повседневность'] }, 'Повседневные аниме смотреть онлайн'],
    [{ category: 'Дорамы', genres: ['Исторический'] }, 'Исторические дорамы смотреть онлайн'],
  ])('%j → %s', (input, title) => {
    expect(filterHeading(input).title).toBe(title);
  });

  it('gives other genres and countries a suffix', () => {
    expect(filterHeading({ category: 'Дорамы', genres: ['Ужасы'] }).heading).toBe('Дорамы в жанре «Ужасы»');
    expect(filterHeading({ category: 'Фильмы', country: 'США' }).heading).toBe('Фильмы из страны «США»');
    expect(filterHeading({ category: 'Дорамы', genres: ['Ужасы'], country: 'США' }).heading).toBe('Дорамы в жанре «Ужасы» из страны «США»');
    expect(filterHeading({ category: 'Дорамы', genres: ['Ужасы'], country: 'Китай' }).heading).toBe('Китайские дорамы в жанре «Ужасы»');
    expect(filterHeading({ category: 'Дорамы', genres: ['Комедия'], country: 'США' }).heading).toBe('Комедийные дорамы из страны «США»');
  });

  it('uses the subcategory as the noun', () => {
    expect(filterHeading({ category: 'Дорамы', subcategory: 'Китайские дорамы', genres: ['Комедия'] }).heading).toBe('Комедийные китайские дорамы');
    expect(filterHeading({ category: 'Аниме', subcategory: 'Сёнэн' }).heading).toBe('Сёнэн');
    expect(filterHeading({ category: 'Аниме', subcategory: 'Аниме-сериалы', genres: ['Драма'] }).heading).toBe('Драматические аниме-сериалы');
  });

  it('does not repeat an adjective the subcategory already has', () => {
    expect(filterHeading({ category: 'Дорамы', subcategory: 'Корейские дорамы', country: 'Южная Корея' }).heading).toBe('Корейские дорамы');
    expect(filterHeading({ category: 'Лакорны', subcategory: 'Романтические лакорны', genres: ['Романтика'], country: 'Таиланд' }).heading)
      .toBe('Тайские романтические лакорны');
  });

  it('puts several genres\' forms together, and names the others in one suffix', () => {
    expect(filterHeading({ category: 'Дорамы', genres: ['Комедия', 'Романтика'] }).heading).toBe('Комедийные романтические дорамы');
    expect(filterHeading({ category: 'Дорамы', country: 'Китай', genres: ['Ужасы', 'Драма', 'Триллер'] }).heading)
      .toBe('Китайские драматические дорамы в жанрах «Ужасы» и «Триллер»');
    expect(filterHeading({ category: 'Фильмы', genres: ['Ужасы', 'Триллер', 'Вестерн'], country: 'США' }).heading)
      .toBe('Фильмы в жанрах «Ужасы», «Триллер» и «Вестерн» из страны «США»');
    expect(filterHeading({ category: 'Дорамы', genres: [] }).heading).toBe('Дорамы');
  });

  it('matches names case-blind and with ё folded', () => {
    expect(filterHeading({ category: 'Дорамы', country: 'китай', genres: ['КОМЕДИЯ'] }).heading).toBe('Китайские комедийные дорамы');
  });

  it('keeps an abbreviation in a subcategory as written', () => {
    expect(filterHeading({ subcategory: 'BL-дорамы', country: 'Таиланд' }).heading).toBe('Тайские BL-дорамы');
  });

  it('has a generic noun without a category', () => {
    expect(filterHeading({}).title).toBe('Фильмы и сериалы смотреть онлайн');
    expect(filterHeading({ genres: ['Комедия'] }).heading).toBe('Комедийные фильмы и сериалы');
  });
});

describe('the filter screen\'s description', () => {
  const description = (input: Parameters<typeof filterHeading>[0]) => filterHeading(input).description;

  it('invites choosing while the whole category is shown', () => {
    expect(description({ category: 'Дорамы' }))
      .toBe('Дорамы смотреть онлайн без регистрации: выбирайте по жанрам, году выхода, стране и статусу выпуска. Сначала самые популярные.');
  });

  it('says every choice: status, country, genres, subcategory, year', () => {
    expect(description({ category: 'Дорамы', country: 'Южная Корея', genres: ['Комедия', 'Романтика'], releaseYear: 2023, releaseStatus: 'Окончен' }))
      .toBe('Завершённые корейские комедийные романтические дорамы 2023 года смотреть онлайн без регистрации. Сначала самые популярные.');
    expect(description({ category: 'Аниме', subcategory: 'Сёнэн', releaseStatus: 'Выпускается' }))
      .toBe('Выходящие сёнэн смотреть онлайн без регистрации. Сначала самые популярные.');
    expect(description({ category: 'Фильмы', genres: ['Ужасы'], releaseYear: 2019, releaseStatus: 'Должен выйти' }))
      .toBe('Ожидаемые фильмы 2019 года в жанре «Ужасы» смотреть онлайн без регистрации. Сначала самые популярные.');
    expect(description({ category: 'Дорамы', releaseYear: 2016 })).toBe('Дорамы 2016 года смотреть онлайн без регистрации. Сначала самые популярные.');
  });

  it('differs for every choice made, and for every order', () => {
    const base = { category: 'Дорамы' };
    const variants = [
      base, { ...base, genres: ['Драма'] }, { ...base, genres: ['Драма', 'Комедия'] }, { ...base, country: 'Китай' },
      { ...base, releaseYear: 2020 }, { ...base, releaseYear: 2021 }, { ...base, subcategory: 'Корейские дорамы' },
      ...RELEASE_STATUSES.map((releaseStatus) => ({ ...base, releaseStatus })),
      ...FILTER_SORTS.map((sort) => ({ ...base, genres: ['Драма'], sort })),
    ];
    expect(new Set(variants.map(description)).size).toBe(variants.length - 1); // the popular order is the default
  });

  it('has a word for each release status', () => {
    expect(Object.keys(STATUS_ADJECTIVES).sort()).toEqual([...RELEASE_STATUSES].sort());
  });

  it('says the order', () => {
    expect(description({ category: 'Дорамы', sort: 'rating' })).toMatch(/Сначала с самой высокой оценкой зрителей\.$/);
    expect(description({ category: 'Дорамы', sort: 'year' })).toMatch(/Сначала самые новые по году выхода\.$/);
    expect(description({ category: 'Дорамы', sort: 'added' })).toMatch(/Сначала недавно добавленные на сайт\.$/);
  });
});
