/**
 * Deleting by marking, for messages and reviews: `deleted: true` empties the text (to '') and keeps the
 * row (a reply still has its parent; a subscriber hears an update only if they may read it), without
 * its pictures. A deleted row is neither restored nor edited.
 */
import type { Knex } from 'knex';
import { invalid } from '../../shared/errors.ts';
import { flagOf } from './values.ts';
import type { Payload } from './types.ts';

export interface TombstoneWords {
  /** Refusal of `deleted: false` for a deleted row. */
  noRestore: string;
  /** Refusal of an edit of a deleted row. */
  gone: string;
}

export async function tombstoneUpdate(
  payload: Payload, keys: (string | number)[], table: string, database: Knex, words: TombstoneWords, checkText: (text: unknown) => string,
): Promise<Payload> {
  const gone = () => database(table).whereIn('id', keys).where('deleted', true).first('id');
  if ('deleted' in payload) {
    if (flagOf(payload.deleted)) return { deleted: true, text: '' };
    // `deleted: false` leaves a live row as it is (a client may send the row back whole) and never restores one.
    if (await gone()) invalid(words.noRestore);
    const { deleted: _unchanged, ...rest } = payload;
    return 'text' in rest ? { ...rest, text: checkText(rest.text) } : rest;
  }
  if (!('text' in payload)) return payload;
  if (await gone()) invalid(words.gone);
  return { ...payload, text: checkText(payload.text) };
}

/** Whether a checked update changes a row's text, as an edit and not a deletion: edits have their pace. */
export const editsText = (checked: Payload) => 'text' in checked && checked.deleted !== true;

/** A deleted row's pictures: unlinked from it, and removed from storage unless something else shows them. */
export async function removePictures(
  database: Knex, junction: 'messages_files' | 'comments_files', ownerColumn: 'messages_id' | 'comments_id', ids: (string | number)[],
  deleteFiles: (ids: string[]) => Promise<void>,
): Promise<void> {
  const files: string[] = await database(junction).whereIn(ownerColumn, ids).pluck('directus_files_id');
  await database(junction).whereIn(ownerColumn, ids).delete();
  const used = new Set<string>([
    ...await database('messages_files').whereIn('directus_files_id', files).pluck('directus_files_id'),
    ...await database('comments_files').whereIn('directus_files_id', files).pluck('directus_files_id'),
    ...await database('posts_files').whereIn('directus_files_id', files).pluck('directus_files_id'),
    ...await database('directus_users').whereIn('avatar', files).pluck('avatar'),
  ]);
  const orphans = files.filter((id) => !used.has(id));
  if (orphans.length) await deleteFiles(orphans);
}
