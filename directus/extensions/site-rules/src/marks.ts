/** Ratings, list marks and actor favourites: valid values, one of each per user. */
import { MARK_TYPES, RATING_MAX, RATING_MIN } from '../../../../shared/rules.ts';
import { isPrivileged } from '../../shared/accountability.ts';
import { forbidden, invalid } from '../../shared/errors.ts';
import { keyOf } from './text-rules.ts';
import type { Register } from './types.ts';

export function registerMarkRules({ filter }: Register): void {
  filter('ratings.items.create', async (payload, _meta, { database, accountability }) => {
    const rating = Number(payload.rating);
    if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) invalid('Оценка должна быть от 1 до 5');
    const title = keyOf(payload.title);
    if (title === null) invalid('Не указан тайтл');
    if (accountability?.user) {
      const existing = await database('ratings').where({ title, user_created: accountability.user }).first('id');
      if (existing) invalid('Вы уже оценили этот тайтл');
    }
    return { ...payload, rating };
  });
  filter('ratings.items.update', (payload) => {
    if ('rating' in payload) {
      const rating = Number(payload.rating);
      if (!Number.isInteger(rating) || rating < RATING_MIN || rating > RATING_MAX) invalid('Оценка должна быть от 1 до 5');
    }
    return payload;
  });

  filter('favorites.items.create', async (payload, _meta, { database, accountability }) => {
    if (!(MARK_TYPES as readonly string[]).includes(payload.type)) invalid('Неизвестный тип отметки');
    const title = keyOf(payload.title);
    if (title === null) invalid('Не указан тайтл');
    if (accountability?.user) {
      const existing = await database('favorites').where({ title, type: payload.type, user_created: accountability.user }).first('id');
      if (existing) invalid('Тайтл уже отмечен');
    }
    return payload;
  });
  filter('favorites.items.update', (payload) => {
    if ('type' in payload && !(MARK_TYPES as readonly string[]).includes(payload.type)) invalid('Неизвестный тип отметки');
    return payload;
  });

  filter('favoriteActors.items.create', async (payload, _meta, { database, accountability }) => {
    // A visitor has no favourites: refuse as forbidden, not as a missing actor.
    if (!isPrivileged(accountability) && !accountability?.user) forbidden();
    const user = isPrivileged(accountability) ? keyOf(payload.user) : accountability!.user;
    const actor = keyOf(payload.actor);
    if (!user || actor === null) invalid('Не указан актёр');
    const existing = await database('favoriteActors').where({ user, actor }).first('id');
    if (existing) invalid('Актёр уже в избранном');
    return { ...payload, user };
  });
}
