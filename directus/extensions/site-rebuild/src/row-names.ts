/**
 * The names of the rows a change is to, for the admin app's words about a build («изменена дорама
 * «Сон»»): a row's own name, its title's or person's for a link row, and the title an episode,
 * season, segment or soundtrack belongs to. Read before a delete, while the rows still exist.
 */
import type { Knex } from 'knex';
import { NAMES_SHOWN } from '../../../../shared/build-changes.ts';
import type { Owners } from '../../shared/row-owners.ts';

/** The field that names a row of each collection. */
const NAME_FIELD: Readonly<Record<string, string>> = {
  titles: 'name', series: 'name', iframeSeasons: 'name', soundtracks: 'name', actors: 'nameRu',
  categories: 'name', subCategories: 'name', genres: 'name', countries: 'name', tags: 'name',
  shop: 'name', plans: 'name', mainBanners: 'title', directus_files: 'title',
};
const PARTS_OF_TITLE = new Set(['series', 'iframeSeasons', 'segments', 'soundtracks']);

export interface RowNames {
  names?: Record<string, string>;
  of?: string;
}

async function named(db: Knex, collection: string, keys: readonly (string | number)[]): Promise<Record<string, string>> {
  const field = NAME_FIELD[collection];
  const shown = keys.slice(0, NAMES_SHOWN);
  if (!shown.length) return {};
  // An update names itself by its title's name.
  const rows: { id: string | number; name: unknown }[] = collection === 'updates'
    ? await db('updates').leftJoin('titles', 'titles.id', 'updates.title').whereIn('updates.id', shown).select('updates.id as id', 'titles.name as name')
    : field ? await db(collection).whereIn('id', shown).select('id', `${field} as name`) : [];
  return Object.fromEntries(rows.filter((r) => typeof r.name === 'string' && r.name).map((r) => [String(r.id), r.name as string]));
}

/** Names for a change to `keys` of `collection`, whose titles or people are `owners`. */
export async function rowNames(db: Knex, collection: string, keys: readonly (string | number)[], owners: Owners | null): Promise<RowNames> {
  const own = collection in NAME_FIELD || collection === 'updates';
  // A link row goes by its title's or person's name; a part with no name of its own (a segment) by its number.
  const names = own ? await named(db, collection, keys)
    : PARTS_OF_TITLE.has(collection) ? {}
      : owners?.titles?.length ? await named(db, 'titles', owners.titles)
        : owners?.actors?.length ? await named(db, 'actors', owners.actors) : {};
  const title = PARTS_OF_TITLE.has(collection) && owners?.titles?.length ? (await named(db, 'titles', owners.titles.slice(0, 1)))[owners.titles[0]!] : undefined;
  return { ...(Object.keys(names).length ? { names } : {}), ...(title ? { of: title } : {}) };
}
