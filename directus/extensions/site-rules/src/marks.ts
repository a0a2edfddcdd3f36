/**
 * Ratings, list marks and actor favourites: valid values, one of each per user, and only on what
 * visitors can see: a person's write names a published title (a draft answers as a missing one).
 */
import { MARK_TYPES, RATING_MAX, RATING_MIN } from '../../../../shared/rules.ts';
import { isPrivileged } from '../../shared/accountability.ts';
import { TITLE_MISSING, existingActor, publishedTitle } from '../../shared/catalogue.ts';
import { forbidden, invalid } from '../../shared/errors.ts';
import { keyOf } from '../../shared/keys.ts';
import type { Register } from './types.ts';

const RATING_RANGE = 'Оценка должна быть от 1 до 5';

/** A rating is a whole number from 1 to 5 as a number: not "3", not [3]. */
export function ratingOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX ? value : invalid(RATING_RANGE);
}

export function markTypeOf(value: unknown): string {
  return typeof value === 'string' && (MARK_TYPES as readonly string[]).includes(value) ? value : invalid('Неизвестный тип отметки');
}

export function registerMarkRules({ filter }: Register): void {
  filter('ratings.items.create', async (payload, _meta, { database, accountability }) => {
    const rating = ratingOf(payload.rating);
    if (keyOf(payload.title) === null) invalid(TITLE_MISSING);
    const title = isPrivileged(accountability) ? keyOf(payload.title) : await publishedTitle(database, payload.title);
    if (accountability?.user) {
      const existing = await database('ratings').where({ title, user_created: accountability.user }).first('id');
      if (existing) invalid('Вы уже поставили оценку');
    }
    return { ...payload, rating, title };
  });
  filter('ratings.items.update', (payload) => ('rating' in payload ? { ...payload, rating: ratingOf(payload.rating) } : payload));

  filter('favorites.items.create', async (payload, _meta, { database, accountability }) => {
    const type = markTypeOf(payload.type);
    if (keyOf(payload.title) === null) invalid(TITLE_MISSING);
    const title = isPrivileged(accountability) ? keyOf(payload.title) : await publishedTitle(database, payload.title);
    if (accountability?.user) {
      const existing = await database('favorites').where({ title, type, user_created: accountability.user }).first('id');
      if (existing) invalid(`Уже в списке «${type}»`);
    }
    return { ...payload, type, title };
  });
  filter('favorites.items.update', (payload) => ('type' in payload ? { ...payload, type: markTypeOf(payload.type) } : payload));

  filter('favoriteActors.items.create', async (payload, _meta, { database, accountability }) => {
    // A visitor has no favourites: refuse as forbidden, not as a missing actor.
    if (!isPrivileged(accountability) && !accountability?.user) forbidden();
    const user = isPrivileged(accountability) ? keyOf(payload.user) : accountability!.user;
    if (!user || keyOf(payload.actor) === null) invalid('Не указан актёр');
    const actor = await existingActor(database, payload.actor);
    const existing = await database('favoriteActors').where({ user, actor }).first('id');
    if (existing) invalid('Актёр уже в избранном');
    return { ...payload, user, actor };
  });
}
