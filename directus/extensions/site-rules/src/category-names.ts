/**
 * A category's filter screen is reached under its slug and under its name (`/categories/Дорамы/filter`),
 * so a name is one part of an address, and neither may be another category's name or slug: two
 * categories at one address, one of them lost.
 */
import type { Knex } from 'knex';
import { PATH_SEGMENT_ERROR, isPathSegment } from '../../../../shared/path-segment.ts';
import { invalid } from '../../shared/errors.ts';
import type { Meta, Payload, Register } from './types.ts';

export const CATEGORY_ADDRESS_TAKEN = 'Название или адрес совпадает с названием или адресом другой категории';

async function checkAddresses(db: Knex, payload: Payload, own: readonly (string | number)[]): Promise<void> {
  const named = [payload['name'], payload['slug']].filter((v): v is string => typeof v === 'string' && v !== '');
  if ('name' in payload && !isPathSegment(payload['name'])) invalid(PATH_SEGMENT_ERROR);
  if (!named.length) return;
  // One name for several rows at once is taken by the second of them.
  if ('name' in payload && own.length > 1) invalid(CATEGORY_ADDRESS_TAKEN);
  const other = await db('categories').whereNotIn('id', own).where((q) => q.whereIn('name', named).orWhereIn('slug', named)).first('id');
  if (other) invalid(CATEGORY_ADDRESS_TAKEN);
}

export function registerCategoryNameRules({ filter }: Register): void {
  filter('categories.items.create', async (payload: Payload, _meta, { database }) => {
    await checkAddresses(database, payload, []);
    return payload;
  });
  filter('categories.items.update', async (payload: Payload, meta: Meta, { database }) => {
    await checkAddresses(database, payload, meta.keys ?? []);
    return payload;
  });
}
