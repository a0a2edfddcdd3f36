/**
 * The filter screen's heading, title and description built from its choices
 * on the category filter screen: the heading and title from subcategory, genres, country and category;
 * the meta description also from the year and the release status, and it says the order.
 *
 * Countries and genres with a form of their own become adjectives before the noun
 * ("Китайские комедийные дорамы"); any other name keeps its own spelling in a suffix after it
 * ("Дорамы в жанре «Ужасы» из страны «США»"), since an adjective cannot be made from an
 * arbitrary name safely. Names match case-blind and with ё folded, as the search does.
 */
import { CATEGORY_NAMES } from './constants.ts';
import { DEFAULT_SORT, type FilterSort, type ReleaseStatus } from './filter-query.ts';
import { normaliseSearch } from '../../shared/search-text.ts';

/**
 * The nine countries of the catalogue as plural adjectives. South Korea is 'корейские', as the
 * subcategories ('Корейские дорамы') and viewers say it, not the official 'южнокорейские'.
 */
export const COUNTRY_ADJECTIVES: Readonly<Record<string, string>> = {
  'Китай': 'китайские',
  'Япония': 'японские',
  'Тайвань': 'тайваньские',
  'Южная Корея': 'корейские',
  'Вьетнам': 'вьетнамские',
  'Таиланд': 'тайские',
  'Филиппины': 'филиппинские',
  'Индонезия': 'индонезийские',
  'Гонконг': 'гонконгские',
};

/**
 * The eleven genres with their own form: the eleven most frequent in the demo catalogue
 * (Драма 33 titles … Приключения 10; Детектив and Криминал tie at 9 and the tie goes to the
 * first in alphabetical order). 'Боевик' has no adjective of its own and becomes 'остросюжетные'.
 */
export const GENRE_ADJECTIVES: Readonly<Record<string, string>> = {
  'Драма': 'драматические',
  'Романтика': 'романтические',
  'Комедия': 'комедийные',
  'Повседневность': 'повседневные',
  'Мелодрама': 'мелодраматические',
  'Семейный': 'семейные',
  'Фэнтези': 'фэнтезийные',
  'Боевик': 'остросюжетные',
  'Исторический': 'исторические',
  'Приключения': 'приключенческие',
  'Детектив': 'детективные',
};

/** What the list is called when no category is known. */
export const GENERIC_NOUN = 'фильмы и сериалы';

function lookup(table: Readonly<Record<string, string>>, value: string): string | null {
  const key = normaliseSearch(value);
  for (const [name, form] of Object.entries(table)) if (normaliseSearch(name) === key) return form;
  return null;
}

/** Lower-cases the first letter unless the word is an abbreviation ('BL-дорамы' stays). */
function lowerFirst(text: string): string {
  const [first = '', second = ''] = text;
  return second && second === second.toUpperCase() && second !== second.toLowerCase() ? text : first.toLowerCase() + text.slice(1);
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The category as a plural noun: its display name ('Дорамы' → 'дорамы'), by slug or by name. */
export function categoryNoun(category: string | null | undefined): string {
  const value = category?.trim() ?? '';
  if (!value) return GENERIC_NOUN;
  const display = (CATEGORY_NAMES as Record<string, string>)[value];
  if (display) return display.toLowerCase();
  if (/^[a-z0-9-]+$/.test(value)) return GENERIC_NOUN; // an unknown slug says nothing readable
  return lowerFirst(value);
}

export interface FilterHeadingInput {
  category?: string | null;
  subcategory?: string | null;
  /** Genres the titles all have, in the order chosen. */
  genres?: readonly string[];
  country?: string | null;
  releaseYear?: number | null;
  releaseStatus?: ReleaseStatus | null;
  sort?: FilterSort;
}

/** Each release status as an adjective before the noun ('Завершённые корейские дорамы'). */
export const STATUS_ADJECTIVES: Readonly<Record<ReleaseStatus, string>> = {
  'Окончен': 'завершённые',
  'Выпускается': 'выходящие',
  'Должен выйти': 'ожидаемые',
};

/** What the description says of each order. */
export const SORT_SENTENCES: Readonly<Record<FilterSort, string>> = {
  popular: 'Сначала самые популярные.',
  rating: 'Сначала с самой высокой оценкой зрителей.',
  year: 'Сначала самые новые по году выхода.',
  added: 'Сначала недавно добавленные на сайт.',
};

export interface FilterHeading {
  /** The H1: 'Китайские комедийные дорамы'. */
  heading: string;
  /** The page title: 'Китайские комедийные дорамы смотреть онлайн'. */
  title: string;
  /** The meta description. */
  description: string;
}

/** «А», «Б» и «В». */
function quotedList(names: readonly string[]): string {
  const quoted = names.map((n) => `«${n}»`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} и ${quoted.at(-1)}` : quoted.join('');
}

/** Builds the filter screen's heading, title and description from its choices. */
export function filterHeading(input: FilterHeadingInput): FilterHeading {
  const noun = input.subcategory?.trim() ? lowerFirst(input.subcategory.trim()) : categoryNoun(input.category);
  const nounWords = new Set(normaliseSearch(noun).split(/[\s-]+/));
  const adjectives: string[] = [];
  const suffixes: string[] = [];
  const adjective = (adj: string) => {
    // 'Корейские дорамы' needs no second 'корейские'.
    if (!nounWords.has(adj) && !adjectives.includes(adj)) adjectives.push(adj);
  };
  const country = input.country?.trim();
  if (country) {
    const adj = lookup(COUNTRY_ADJECTIVES, country);
    if (adj) adjective(adj);
    else suffixes.push(`из страны «${country}»`);
  }
  const otherGenres: string[] = [];
  for (const genre of (input.genres ?? []).map((g) => g.trim()).filter(Boolean)) {
    const adj = lookup(GENRE_ADJECTIVES, genre);
    if (adj) adjective(adj);
    else otherGenres.push(genre);
  }
  if (otherGenres.length) suffixes.unshift(`${otherGenres.length > 1 ? 'в жанрах' : 'в жанре'} ${quotedList(otherGenres)}`);
  const heading = upperFirst([...adjectives, noun, ...suffixes].join(' '));
  // The description adds the status before and the year after the noun: 'Завершённые корейские дорамы 2023 года'.
  const status = input.releaseStatus ? STATUS_ADJECTIVES[input.releaseStatus] : null;
  const year = input.releaseYear ? `${input.releaseYear} года` : null;
  const lead = upperFirst([status, ...adjectives, noun, year, ...suffixes].filter(Boolean).join(' '));
  // The whole category invites choosing; a narrowed list says what it holds.
  const narrowed = !!(status || year || adjectives.length || suffixes.length || input.subcategory?.trim());
  const choose = narrowed ? '.' : ': выбирайте по жанрам, году выхода, стране и статусу выпуска.';
  return {
    heading,
    title: `${heading} смотреть онлайн`,
    description: `${lead} смотреть онлайн без регистрации${choose} ${SORT_SENTENCES[input.sort ?? DEFAULT_SORT]}`,
  };
}

