/**
 * The part of the shared rules a visitor's page uses: rating bounds, the catalogue's vocabularies,
 * the view counter's flow and the text limits of the forms. Visitors' islands import this module
 * rather than rules.ts, so what signed-in screens add there stays out of visitors' scripts.
 */

/** Ratings: 1 to 5. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** Vocabularies of the catalogue. */
export const RELEASE_STATUSES = ['Окончен', 'Выпускается', 'Должен выйти'] as const;
export const TYPE_SOURCES = ['Без сезонов', 'Сезоны', 'Одиночный'] as const;
export const SOURCES = ['iframe', 'video'] as const;
export const TITLE_STATUSES = ['draft', 'published', 'archived'] as const;
/** The age classes of Russian law for films and shows. */
export const AGE_RATINGS = ['0+', '6+', '12+', '16+', '18+'] as const;

/** The flow behind `POST /flows/trigger/{id}` that registers a title view. */
export const VIEW_FLOW_ID = '7a1c2f4e-1d2b-4c3a-9e8f-000000000001';

/** Text length caps enforced by the backend rules. */
export const TEXT_LIMITS = {
  comment: 2000,
  post: 5000,
  message: 2000,
  aboutMe: 1000,
  supportName: 100,
  supportTopic: 200,
  supportMessage: 5000,
} as const;

