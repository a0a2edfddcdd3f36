/**
 * The signed-in person's marks on one title (the five list marks): read, added, and removed (on the
 * title page and from the profile's lists alike). The backend keeps one mark of each kind per title
 * and shows people only their own rows.
 */
import { createItem, deleteItem, readItems } from '@directus/sdk';
import type { MarkType } from '../../../shared/rules.ts';
import { pageClient } from './client.ts';
import { everyPage } from './every-page.ts';
import { send } from './queries.ts';

const ME = '$CURRENT_USER';

/** A mark of the title: its kind and the row to remove it by. */
export interface TitleMark { id: number; type: MarkType }

/** Every mark the person set on the title (at most one of each kind). */
export async function readTitleMarks(titleId: number): Promise<TitleMark[]> {
  const rows = await everyPage((at) => send(pageClient(), readItems('favorites', {
    fields: ['id', 'type'],
    filter: { _and: [{ user_created: { _eq: ME } }, { title: { _eq: titleId } }] },
    sort: ['id'],
    ...at,
  }), 'title marks'));
  return rows.map((r) => ({ id: r.id, type: r.type }));
}

/** POST /items/favorites { type, title }; a second mark of the kind is refused by the backend. */
export async function addMark(titleId: number, type: MarkType): Promise<TitleMark> {
  const row = await send(pageClient(), createItem('favorites', { type, title: titleId }, { fields: ['id', 'type'] }), 'mark');
  return { id: row.id, type: row.type };
}

/** DELETE /items/favorites/{id}: the backend lets a person delete only their own marks. */
export async function removeMark(id: number): Promise<void> {
  await send(pageClient(), deleteItem('favorites', id), 'mark removal');
}
