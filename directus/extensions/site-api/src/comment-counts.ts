/**
 * How many reviews and replies each published title shows, for the build (GET /site/comment-counts):
 * the numbers a visitor's count of comments grouped by title gives, in one answer rather than pages
 * of 5,000 groups. The published ids are read a page at a time, then each page's comments counted over
 * its range of ids, so each statement holds SQLite's one connection briefly and other calls go between.
 */
import type { Knex } from 'knex';
import { shownComments } from '../../shared/catalogue.ts';
import { eachPage } from './each-page.ts';

export interface CommentCount {
  title: number;
  count: number;
}

export async function commentCounts(database: Knex): Promise<CommentCount[]> {
  const pages: number[][] = [];
  const published = () => database('titles').where('status', 'published').select('id');
  await eachPage<{ id: number }>(published, (rows) => pages.push(rows.map((row) => Number(row.id))));
  const counts: CommentCount[] = [];
  for (const ids of pages) {
    if (!ids.length) continue;
    const inPage = new Set(ids);
    const rows: { title: unknown; n: unknown }[] = await shownComments(database)
      .whereBetween('title', [ids[0]!, ids[ids.length - 1]!]).groupBy('title').select('title').count({ n: '*' });
    for (const row of rows) {
      const title = Number(row.title);
      // A draft's id may fall within the range: its reviews are not shown.
      if (inPage.has(title)) counts.push({ title, count: Number(row.n) });
    }
  }
  return counts;
}
