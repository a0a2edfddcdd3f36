/**
 * An editor does not delete a genre, tag or country titles or people carry: the database would unlink
 * it from every one of them at once, which an editor cannot see or undo. They take it off those rows
 * first, or an administrator deletes it.
 */
import { keepWhileNamed } from './kept-while-named.ts';
import type { Register } from './types.ts';

/** The tables and columns that name a row of each collection. */
const NAMED_IN = {
  genres: [['titles_genres', 'genres_id'], ['actors_genres', 'genres_id']],
  tags: [['titles_tags', 'tags_id']],
  countries: [['titles', 'country']],
} as const;

export const TAXONOMY_IN_USE: Readonly<Record<keyof typeof NAMED_IN, (uses: number) => string>> = {
  genres: (uses) => `Жанр нельзя удалить: он указан у дорам или актёров (${uses}). Сначала уберите его у них — или удалит администратор`,
  tags: (uses) => `Тег нельзя удалить: он указан у дорам (${uses}). Сначала уберите его у них — или удалит администратор`,
  countries: (uses) => `Страну нельзя удалить: она указана у дорам (${uses}). Сначала укажите им другую — или удалит администратор`,
};

export function registerTaxonomyRemovalRules(register: Register): void {
  for (const collection of Object.keys(NAMED_IN) as (keyof typeof NAMED_IN)[]) {
    keepWhileNamed(register, { collection, namedIn: NAMED_IN[collection], refusal: TAXONOMY_IN_USE[collection], adminMay: true });
  }
}
