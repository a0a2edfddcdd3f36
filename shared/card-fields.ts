/**
 * The fields of a film card and of a person as lists show them: the site reads them, and the search
 * endpoint answers them, in one shape.
 */

/** A person as cards and cast lists show them. */
export const PERSON_FIELDS = ['id', 'slug', 'nameRu', 'nameEn', 'avatar'] as const;

/** Everything a film card of any variant shows (list, slider, filter, favourite, search, abc_search). */
export const TITLE_CARD_FIELDS = [
  'id', 'slug', 'name', 'description', 'poster', 'releaseYear', 'releaseStatus', 'ageRating', 'views',
  { genres: [{ genres_id: ['id', 'name'] }] },
  { country: ['id', 'name'] },
  { category: ['id', 'name', 'slug'] },
] as const;
