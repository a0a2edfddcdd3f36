/**
 * An editor does not delete a title members have reviewed, rated, listed or watched: the database takes
 * those with it, and archiving takes the title off the site while keeping them. An administrator may
 * (a duplicate made by mistake, say) after Directus's own warning.
 */
import { keepWhileNamed } from './kept-while-named.ts';
import type { Register } from './types.ts';

/** What members keep of a title, by the column naming it. */
const MEMBERS_DATA = ['comments', 'ratings', 'favorites', 'watchProgress', 'watchedEpisodes'] as const;

export const titleKeptForMembers = (records: number) =>
  `Дораму нельзя удалить: у зрителей есть её отзывы, оценки, отметки или просмотры (${records}). Переведите её в архив: она уйдёт с сайта, а их записи сохранятся`;

export function registerTitleRemovalRules(register: Register): void {
  keepWhileNamed(register, {
    collection: 'titles', namedIn: MEMBERS_DATA.map((table) => [table, 'title'] as const), refusal: titleKeptForMembers, adminMay: true,
  });
}
