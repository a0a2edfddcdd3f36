/** How much the search modal asks and is answered (up to 100 titles); the backend holds them. */

/** Titles a search answers. */
export const SEARCH_LIMIT = 100;
/** People a search answers, in their own group above the titles. */
export const SEARCH_PEOPLE_LIMIT = 8;
/** The longest query taken, in characters: a name is never longer. */
export const SEARCH_QUERY_MAX = 120;
/** What the modal and the API say of a longer query. */
export const QUERY_TOO_LONG = `Слишком длинный запрос: не больше ${SEARCH_QUERY_MAX} символов`;
/** Titles 'Часто ищут:' lists: one row of a wide screen's grid pair. */
export const POPULAR_COUNT = 8;
/** Openings from search before a title counts as often searched for; until then the most viewed fill in. */
export const SEARCH_OPENS_MIN = 3;
