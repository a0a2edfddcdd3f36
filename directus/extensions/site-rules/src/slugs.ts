/**
 * Slugs: one left empty is made from the row's name (shared/slug.ts), the first of `name`,
 * `name-2`, `name-3`… that no row of the collection holds and, for titles, that no site route is;
 * one typed by hand is kept as typed, and refused in Russian when it is not a slug's shape (a `/` in an
 * actor's made every build fail), a route shadows it, or another row holds it.
 */
import type { Knex } from 'knex';
import { RESERVED_SLUGS } from '../../../../shared/rules.ts';
import { SLUG_PATTERN, firstFreeSlug, slugFromName } from '../../../../shared/slug.ts';
import { SLUG_SOURCES } from '../../../schema/collections.ts';
import { invalid } from '../../shared/errors.ts';
import type { Payload, Register } from './types.ts';

/** Titles live at the site's root (`/{slug}`), beside its own pages. */
const ROUTES: Readonly<Record<string, readonly string[]>> = { titles: RESERVED_SLUGS };

/** What a slug is made of when its name has no letter Latin can write (a name in Korean only). */
const FALLBACK: Readonly<Record<string, string>> = { titles: 'dorama', actors: 'person' };

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

async function madeSlug(db: Knex, collection: string, name: unknown): Promise<string> {
  const { max } = SLUG_SOURCES[collection]!;
  const base = slugFromName(name, max) || (FALLBACK[collection] ?? 'page');
  const taken = new Set<string>([
    ...(ROUTES[collection] ?? []),
    ...(await db(collection).where('slug', 'like', `${base.slice(0, max - 4)}%`).pluck('slug')).map(String),
  ]);
  return firstFreeSlug(base, (slug) => !taken.has(slug), max);
}

/** A slug typed by hand: a slug's shape, no route's, and no other row's. */
async function checkTyped(db: Knex, collection: string, slug: unknown, own: readonly (string | number)[] = []): Promise<void> {
  if (typeof slug !== 'string' || !SLUG_PATTERN.test(slug)) invalid('Адрес может содержать только латинские буквы, цифры и дефисы');
  if (ROUTES[collection]?.includes(slug)) invalid(`Адрес «${slug}» занят страницей сайта`);
  const holder = await db(collection).where('slug', slug).whereNotIn('id', own).first('id');
  if (holder) invalid(`Адрес «${slug}» уже занят: укажите другой или оставьте поле пустым`);
}

export function registerSlugRules({ filter }: Register): void {
  for (const [collection, { from }] of Object.entries(SLUG_SOURCES)) {
    filter(`${collection}.items.create`, async (payload: Payload, _meta, { database }) => {
      if (!isEmpty(payload.slug)) {
        await checkTyped(database, collection, payload.slug);
        return payload;
      }
      return { ...payload, slug: await madeSlug(database, collection, payload[from]) };
    });
    filter(`${collection}.items.update`, async (payload: Payload, meta, { database }) => {
      if (!('slug' in payload)) return payload;
      const keys = meta.keys ?? [];
      if (!isEmpty(payload.slug)) {
        // One address for several rows at once is taken by the second of them.
        if (keys.length > 1) invalid('Адрес у каждой записи свой: меняйте его по одной записи');
        await checkTyped(database, collection, payload.slug, keys);
        return payload;
      }
      // Emptied: made again from the name, row by row.
      if (keys.length !== 1) invalid('Адрес у каждой записи свой: очищайте его по одной записи');
      const name = from in payload ? payload[from] : (await database(collection).where('id', keys[0]).first(from))?.[from];
      return { ...payload, slug: await madeSlug(database, collection, name) };
    });
  }
}
