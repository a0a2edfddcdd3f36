/**
 * Russian word forms: counts ("5 серий") and the filter screen's title and description built
 * from subcategory, genre, country and category (spec section 2, 'Category filter screen').
 *
 * Countries and genres with a form of their own become adjectives before the noun
 * ("Китайские комедийные дорамы"); any other name keeps its own spelling in a suffix after it
 * ("Дорамы в жанре «Ужасы» из страны «США»"), since an adjective cannot be made from an
 * arbitrary name safely. Names match case-blind and with ё folded, as the search does.
 */
import { CATEGORY_NAMES } from './constants.ts';
import { normaliseSearch } from '../../shared/search-text.ts';

export type PluralForms = readonly [one: string, few: string, many: string];

export const EPISODE_FORMS: PluralForms = ['серия', 'серии', 'серий'];
export const SEASON_FORMS: PluralForms = ['сезон', 'сезона', 'сезонов'];
export const VIEW_FORMS: PluralForms = ['просмотр', 'просмотра', 'просмотров'];
export const COMMENT_FORMS: PluralForms = ['комментарий', 'комментария', 'комментариев'];
export const YEAR_FORMS: PluralForms = ['год', 'года', 'лет'];

/** The form agreeing with n: 1 серия, 2 серии, 5 серий, 11 серий, 21 серия; a fraction takes 'серии'. */
export function pluralRu(n: number, forms: PluralForms): string {
  if (!Number.isInteger(n)) return forms[1];
  const abs = Math.abs(n);
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** "16 серий". */
export function countRu(n: number, forms: PluralForms): string {
  return `${n} ${pluralRu(n, forms)}`;
}

/**
 * The nine countries of the spec as plural adjectives. South Korea is 'корейские', as the
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
  genre?: string | null;
  country?: string | null;
}

export interface FilterHeading {
  /** The H1: 'Китайские комедийные дорамы'. */
  heading: string;
  /** The page title: 'Китайские комедийные дорамы смотреть онлайн'. */
  title: string;
  /** The meta description. */
  description: string;
}

/** Builds the filter screen's heading, title and description from its choices. */
export function filterHeading(input: FilterHeadingInput): FilterHeading {
  const noun = input.subcategory?.trim() ? lowerFirst(input.subcategory.trim()) : categoryNoun(input.category);
  const nounWords = new Set(normaliseSearch(noun).split(/[\s-]+/));
  const adjectives: string[] = [];
  const suffixes: string[] = [];
  const country = input.country?.trim();
  const genre = input.genre?.trim();
  if (country) {
    const adj = lookup(COUNTRY_ADJECTIVES, country);
    if (!adj) suffixes.push(`из страны «${country}»`);
    else if (!nounWords.has(adj)) adjectives.push(adj); // 'Корейские дорамы' needs no second 'корейские'
  }
  if (genre) {
    const adj = lookup(GENRE_ADJECTIVES, genre);
    if (!adj) suffixes.unshift(`в жанре «${genre}»`);
    else if (!nounWords.has(adj)) adjectives.push(adj);
  }
  const heading = upperFirst([...adjectives, noun, ...suffixes].join(' '));
  return {
    heading,
    title: `${heading} смотреть онлайн`,
    description: `${heading} смотреть онлайн без регистрации. Подборка по популярности: выбирайте по жанру, году выхода, стране и статусу выпуска.`,
  };
}

