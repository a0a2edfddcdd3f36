/**
 * What a person's write may name in the catalogue: a published title, an episode of it they may
 * watch, an actor. A draft answers exactly as a missing row does, so no write tells draft ids apart.
 */
import type { Knex } from 'knex';
import { invalid } from './errors.ts';
import { numberKeyOf } from './keys.ts';
import { watchableEpisodes } from './watched-episodes.ts';

/** A call names a title by id alone, so the messages cannot say which kind it is. */
export const TITLE_NOT_FOUND = 'Сериал или фильм не найден';
export const TITLE_MISSING = 'Не указан сериал или фильм';
export const TITLE_ID_INVALID = 'titleId должен быть номером сериала или фильма';
export const EPISODE_NOT_FOUND = 'Серия не из этого сериала или фильма';
export const ACTOR_NOT_FOUND = 'Актёр не найден';

/** The reviews and replies a title shows: a deleted one is a tombstone kept for its replies. */
export const shownComments = (database: Knex) => database('comments').where('deleted', false);

export async function isPublishedTitle(database: Knex, id: number): Promise<boolean> {
  return !!(await database('titles').where({ id, status: 'published' }).first('id'));
}

/** The id of a published title, or the refusal a missing one gets. */
export async function publishedTitle(database: Knex, value: unknown): Promise<number> {
  const id = numberKeyOf(value);
  return id !== null && await isPublishedTitle(database, id) ? id : invalid(TITLE_NOT_FOUND);
}

/**
 * An episode of the title the person may record, as watched-episodes.ts reads them: not taken down,
 * and one kept for subscribers (`deleted`) only for people whose plan shows it.
 */
export async function watchableEpisode(database: Knex, titleId: number, value: unknown, seesKept: boolean): Promise<number> {
  const id = numberKeyOf(value);
  const row = id === null ? null : await watchableEpisodes(database, seesKept).where({ 's.id': id, 's.title': titleId }).first('s.id');
  return row ? id! : invalid(EPISODE_NOT_FOUND);
}

export async function existingActor(database: Knex, value: unknown): Promise<number> {
  const id = numberKeyOf(value);
  const found = id !== null && await database('actors').where({ id }).first('id');
  return found ? id! : invalid(ACTOR_NOT_FOUND);
}
