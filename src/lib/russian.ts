/**
 * Russian word forms of counts ("5 серий"). The filter screen's title and description are in
 * filter-heading.ts, which only that screen loads.
 */

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
