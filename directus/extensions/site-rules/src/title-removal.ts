/**
 * An editor does not delete a title members have reviewed, rated, listed or watched: the database takes
 * those with it, and archiving takes the title off the site while keeping them. An administrator may
 * (a duplicate made by mistake, say) after Directus's own warning.
 */
import { numberKeyOf } from '../../shared/keys.ts';
import { invalid } from '../../shared/errors.ts';
import type { Register } from './types.ts';

/** What members keep of a title, by the column naming it. */
const MEMBERS_DATA = ['comments', 'ratings', 'favorites', 'watchProgress', 'watchedEpisodes'] as const;

export const titleKeptForMembers = (records: number) =>
  `Дораму нельзя удалить: у зрителей есть её отзывы, оценки, отметки или просмотры (${records}). Переведите её в архив: она уйдёт с сайта, а их записи сохранятся`;

export function registerTitleRemovalRules({ filter }: Register): void {
  filter('titles.items.delete', async (keys: unknown, _meta, { database, accountability }) => {
    if (!accountability || accountability.admin) return keys;
    const ids = (Array.isArray(keys) ? keys : []).map(numberKeyOf).filter((k): k is number => k !== null);
    if (!ids.length) return keys;
    const counts = await Promise.all(MEMBERS_DATA.map((table) => database(table).whereIn('title', ids).count({ n: '*' }).first()));
    const records = counts.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
    if (records > 0) invalid(titleKeptForMembers(records));
    return keys;
  });
}
