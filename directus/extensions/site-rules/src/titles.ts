/**
 * Titles: a slug that cannot shadow a site route, the search index's columns kept in step, and the
 * columns the database keeps for the lists' orders left to it.
 */
import { RESERVED_SLUGS } from '../../../../shared/rules.ts';
import { TITLE_KEY_SOURCES, titleIndexFields, withoutIndexFields } from '../../../../shared/search-variants.ts';
import { TITLE_ORDER_FIELDS } from '../../site-api/src/title-orders.ts';
import { invalid } from '../../shared/errors.ts';
import type { Register } from './types.ts';

/** A payload without the columns hooks and triggers write: what anyone sends for them is dropped. */
function withoutKeptFields(payload: Record<string, unknown>): Record<string, unknown> {
  const rest = withoutIndexFields(payload);
  for (const f of TITLE_ORDER_FIELDS) delete rest[f];
  return rest;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function checkSlug(slug: unknown): void {
  if (slug === undefined) return;
  if (typeof slug !== 'string' || !SLUG.test(slug)) invalid('Адрес может содержать только латинские буквы, цифры и дефисы');
  if ((RESERVED_SLUGS as readonly string[]).includes(slug)) invalid(`Адрес «${slug}» занят страницей сайта`);
}

export function registerTitleRules({ filter, action }: Register): void {
  filter('titles.items.create', (payload) => {
    checkSlug(payload.slug);
    return { ...withoutKeptFields(payload), ...titleIndexFields(payload) };
  });
  filter('titles.items.update', (payload) => {
    checkSlug(payload.slug);
    return withoutKeptFields(payload);
  });
  action('titles.items.update', async ({ keys, payload }, { database }) => {
    const touched = TITLE_KEY_SOURCES.some((f) => payload && f in payload);
    if (!touched || !keys?.length) return;
    const rows = await database('titles').whereIn('id', keys).select('id', 'name', 'originalName', 'anotherName', 'description');
    for (const row of rows) await database('titles').where('id', row.id).update(titleIndexFields(row));
  });
}
