/** Russian counts of what the site shows ("16 серий"); the rule itself is shared with the backend. */
import type { PluralForms } from '../../shared/russian-plural.ts';

export { countRu, pluralRu, type PluralForms } from '../../shared/russian-plural.ts';

export const EPISODE_FORMS: PluralForms = ['серия', 'серии', 'серий'];
export const SEASON_FORMS: PluralForms = ['сезон', 'сезона', 'сезонов'];
export const VIEW_FORMS: PluralForms = ['просмотр', 'просмотра', 'просмотров'];
export const REVIEW_FORMS: PluralForms = ['отзыв', 'отзыва', 'отзывов'];
export const YEAR_FORMS: PluralForms = ['год', 'года', 'лет'];
