/**
 * The signed-in person's favourite on one actor: read, added, and taken off (from the actor's page
 * and from the profile's list alike). The backend keeps one favourite per actor and shows people
 * only their own rows.
 */
import { createItem, deleteItem, readItems } from '@directus/sdk';
import { pageClient } from '../../lib/directus/client.ts';
import { send } from '../../lib/directus/queries.ts';

const ME = '$CURRENT_USER';

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

export async function removeFavoriteActor(id: number): Promise<void> {
  await send(pageClient(), deleteItem('favoriteActors', id), 'favourite actor removal');
}
