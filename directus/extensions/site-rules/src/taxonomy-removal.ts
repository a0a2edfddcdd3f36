/**
 * An editor does not delete a genre, tag or country titles or people carry: the database would unlink
 * it from every one of them at once, which an editor cannot see or undo. They take it off those rows
 * first, or an administrator deletes it.
 */
import type { Knex } from 'knex';
import { numberKeyOf } from '../../shared/keys.ts';
import { invalid } from '../../shared/errors.ts';
import type { Register } from './types.ts';

/** The tables and columns that name a row of each collection. */
const USES: Readonly<Record<string, readonly (readonly [table: string, column: string])[]>> = {
  genres: [['titles_genres', 'genres_id'], ['actors_genres', 'genres_id']],
  tags: [['titles_tags', 'tags_id']],
  countries: [['titles', 'country']],
};

export const TAXONOMY_IN_USE: Readonly<Record<keyof typeof USES, (uses: number) => string>> = {
  genres: (uses) => `Жанр нельзя удалить: он указан у дорам или актёров (${uses}). Сначала уберите его у них — или удалит администратор`,
  tags: (uses) => `Тег нельзя удалить: он указан у дорам (${uses}). Сначала уберите его у них — или удалит администратор`,
  countries: (uses) => `Страну нельзя удалить: она указана у дорам (${uses}). Сначала укажите им другую — или удалит администратор`,
};

async function usesOf(database: Knex, collection: string, ids: number[]): Promise<number> {
  const counts = await Promise.all(USES[collection]!.map(([table, column]) => database(table).whereIn(column, ids).count({ n: '*' }).first()));
  return counts.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
}

export function registerTaxonomyRemovalRules({ filter }: Register): void {
  for (const collection of Object.keys(USES)) {
    filter(`${collection}.items.delete`, async (keys: unknown, _meta, { database, accountability }) => {
      if (!accountability || accountability.admin) return keys;
      const ids = (Array.isArray(keys) ? keys : []).map(numberKeyOf).filter((k): k is number => k !== null);
      const uses = ids.length ? await usesOf(database, collection, ids) : 0;
      if (uses > 0) invalid(TAXONOMY_IN_USE[collection]!(uses));
      return keys;
    });
  }
}
