/**
 * The signed-in person's marks on one title (the five list marks) and their favourite on one
 * actor: read, added, and removed with the profile's own calls. The backend keeps one mark of
 * each kind per title and one favourite per actor, and shows people only their own rows.
 */
import { createItem, readItems } from '@directus/sdk';
import type { MarkType } from '../../../shared/rules.ts';
import { pageClient } from './client.ts';
import { send } from './queries.ts';

export { removeFavoriteActor, removeMark } from './profile.ts';

const ME = '$CURRENT_USER';

/** A mark of the title: its kind and the row to remove it by. */
export interface TitleMark { id: number; type: MarkType }

/** Every mark the person set on the title (at most one of each kind). */
export async function readTitleMarks(titleId: number): Promise<TitleMark[]> {
  const rows = await send(pageClient(), readItems('favorites', {
    fields: ['id', 'type'],
    filter: { _and: [{ user_created: { _eq: ME } }, { title: { _eq: titleId } }] },
    limit: -1,
  }), 'title marks');
  return rows.map((r) => ({ id: r.id, type: r.type }));
}

/** POST /items/favorites { type, title }; a second mark of the kind is refused by the backend. */
export async function addMark(titleId: number, type: MarkType): Promise<TitleMark> {
  const row = await send(pageClient(), createItem('favorites', { type, title: titleId }, { fields: ['id', 'type'] }), 'mark');
  return { id: row.id, type: row.type };
}

/** The id of the person's favourite row for the actor, or null when the actor is not a favourite. */
export async function readActorFavorite(actorId: number): Promise<number | null> {
  const rows = await send(pageClient(), readItems('favoriteActors', {
    fields: ['id'],
    filter: { _and: [{ user: { _eq: ME } }, { actor: { _eq: actorId } }] },
    limit: 1,
  }), 'favourite actor');
  return rows[0]?.id ?? null;
}

/** Adds the actor to the person's favourites (the backend sets the person from the token). */
export async function addFavoriteActor(actorId: number): Promise<number> {
  const row = await send(pageClient(), createItem('favoriteActors', { actor: actorId }, { fields: ['id'] }), 'favourite actor');
  return row.id;
}
