/**
 * Deleting by marking, for messages and reviews: `deleted: true` empties the text (to '') and keeps the
 * row (a reply still has its parent; a subscriber hears an update only if they may read it). A
 * deleted row is neither restored nor edited.
 */
import type { Knex } from 'knex';
import { invalid } from '../../shared/errors.ts';
import { flagOf } from './values.ts';
import type { Payload } from './types.ts';

export interface TombstoneWords {
  /** Refusal of `deleted: false`. */
  noRestore: string;
  /** Refusal of an edit of a deleted row. */
  gone: string;
}

export async function tombstoneUpdate(
  payload: Payload, keys: (string | number)[], table: string, database: Knex, words: TombstoneWords, checkText: (text: unknown) => string,
): Promise<Payload> {
  if ('deleted' in payload) {
    if (flagOf(payload.deleted) !== true) invalid(words.noRestore);
    return { deleted: true, text: '' };
  }
  if (!('text' in payload)) return payload;
  const gone = await database(table).whereIn('id', keys).where('deleted', true).first('id');
  if (gone) invalid(words.gone);
  return { ...payload, text: checkText(payload.text) };
}
