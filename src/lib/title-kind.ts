/**
 * What a viewer calls a title, in the case a sentence needs: «Оцените дораму», «Напишите, что думаете
 * об аниме». Kept apart from plural.ts: a visitor's reviews island imports that module, and the
 * bundler would put these words, which only signed-in people's parts use, into the visitor's chunk.
 */
import { CATEGORY_NAMES } from './constants.ts';
import { normaliseSearch } from '../../shared/search-text.ts';

/** What a viewer calls a title: its category's kind, or a series or a film when the category is not one of the four. */
export type TitleKind = 'дорама' | 'лакорн' | 'аниме' | 'фильм' | 'сериал';
export type GrammaticalCase = 'nominative' | 'genitive' | 'dative' | 'accusative' | 'instrumental' | 'prepositional';

const KIND_OF_CATEGORY: Readonly<Record<keyof typeof CATEGORY_NAMES, TitleKind>> = {
  'doramy-onlayn': 'дорама',
  'lakorny-onlayn': 'лакорн',
  anime: 'аниме',
  'filmy-onlayn': 'фильм',
};

/** Each kind in the six cases: nominative, genitive, dative, accusative, instrumental, prepositional. */
const KIND_FORMS: Readonly<Record<TitleKind, readonly [string, string, string, string, string, string]>> = {
  'дорама': ['дорама', 'дорамы', 'дораме', 'дораму', 'дорамой', 'дораме'],
  'лакорн': ['лакорн', 'лакорна', 'лакорну', 'лакорн', 'лакорном', 'лакорне'],
  'аниме': ['аниме', 'аниме', 'аниме', 'аниме', 'аниме', 'аниме'],
  'фильм': ['фильм', 'фильма', 'фильму', 'фильм', 'фильмом', 'фильме'],
  'сериал': ['сериал', 'сериала', 'сериалу', 'сериал', 'сериалом', 'сериале'],
};

const CASES: readonly GrammaticalCase[] = ['nominative', 'genitive', 'dative', 'accusative', 'instrumental', 'prepositional'];

/** The kind of a title: by its category's slug or name, else by its type (one video is a film). */
export function titleKind(t: { category?: { slug?: string | null; name?: string | null } | null; typeSource?: string | null }): TitleKind {
  const slug = t.category?.slug;
  if (slug && slug in KIND_OF_CATEGORY) return KIND_OF_CATEGORY[slug as keyof typeof CATEGORY_NAMES];
  const name = t.category?.name;
  if (name) {
    for (const [key, display] of Object.entries(CATEGORY_NAMES)) {
      if (normaliseSearch(display) === normaliseSearch(name)) return KIND_OF_CATEGORY[key as keyof typeof CATEGORY_NAMES];
    }
  }
  return t.typeSource === 'Одиночный' ? 'фильм' : 'сериал';
}

/** The kind in a case: kindIn('дорама', 'accusative') is 'дораму'. */
export function kindIn(kind: TitleKind, grammaticalCase: GrammaticalCase): string {
  return KIND_FORMS[kind][CASES.indexOf(grammaticalCase)];
}

/** «о» with the prepositional, «об» before a vowel sound (not before е): 'о дораме', 'об аниме'. */
export function aboutKind(kind: TitleKind): string {
  const word = kindIn(kind, 'prepositional');
  return `${/^[аиоуэ]/.test(word) ? 'об' : 'о'} ${word}`;
}
