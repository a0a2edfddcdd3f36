/**
 * GET /site/co-marks, for the build's 'Вам может понравиться': for each published title, the titles
 * that people who marked it (Избранное, Смотрел, Смотрю) or rated it 4 or 5 also marked or rated so,
 * with how many did. Counts only: a title counts once `CO_MARK_MIN_ADMIRERS` people admire it, a pair
 * once `CO_MARK_MIN_PAIR` people share it, so no answer points at one person's lists. Each person's
 * latest `PER_PERSON` titles count, which bounds the pairs one heavy marker makes. The build reads it
 * on full builds; one pass's answer serves every caller for CO_MARKS_REUSE_MS.
 */
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import { envMs } from '../../shared/env.ts';
import { sharedRun } from '../../shared/shared-run.ts';

const ADMIRING_MARKS = ['Избранное', 'Смотрел', 'Смотрю'];
const HIGH_RATING = 4;
export const CO_MARK_MIN_ADMIRERS = 5;
export const CO_MARK_MIN_PAIR = 3;
const PER_PERSON = 50;
const PER_TITLE = 20;
/**
 * How long a pass's answer serves every caller (CO_MARKS_REUSE_MS when set). A pass reads every
 * person's marks and pairs them: at 20,000 people with 50 marks each it took 55.7 s on SQLite, every
 * other call waiting for the one connection, so a visitor asking again and again held the backend for
 * good. Full builds read it (on start, by an editor's button, and for the counters' refresh at most
 * every 15 minutes); a few minutes' lag in what admirers share is no lag a reader sees.
 */
export const CO_MARKS_REUSE_MS = 10 * 60_000;

const SQL = `
WITH admired AS (
  SELECT f.user_created AS u, f.title AS t, f.id AS k FROM favorites f JOIN titles ti ON ti.id = f.title
  WHERE ti.status = 'published' AND f.type IN (?, ?, ?)
  UNION ALL
  SELECT r.user_created AS u, r.title AS t, r.id AS k FROM ratings r JOIN titles ti ON ti.id = r.title
  WHERE ti.status = 'published' AND r.rating >= ?
), latest AS (
  SELECT u, t FROM (
    SELECT u, t, ROW_NUMBER() OVER (PARTITION BY u ORDER BY k DESC) AS n FROM (SELECT u, t, MAX(k) AS k FROM admired GROUP BY u, t) d
  ) x WHERE n <= ?
), admirers AS (SELECT t, COUNT(*) AS n FROM latest GROUP BY t)
SELECT a.t AS title, b.t AS other, COUNT(*) AS n
FROM latest a JOIN latest b ON a.u = b.u AND a.t <> b.t JOIN admirers m ON m.t = a.t
WHERE m.n >= ?
GROUP BY a.t, b.t HAVING COUNT(*) >= ?`;

export function registerCoMarkRoutes(router: Router, { database, env }: EndpointExtensionContext): void {
  // A pass over every person's marks, public and the same for everyone: callers share one.
  const coMarks = sharedRun(async () => {
    const result = await database.raw(SQL, [...ADMIRING_MARKS, HIGH_RATING, PER_PERSON, CO_MARK_MIN_ADMIRERS, CO_MARK_MIN_PAIR]);
    const rows: { title: unknown; other: unknown; n: unknown }[] = Array.isArray(result) ? result : result.rows;
    const byTitle: Record<number, [number, number][]> = {};
    for (const r of rows) (byTitle[Number(r.title)] ??= []).push([Number(r.other), Number(r.n)]);
    for (const list of Object.values(byTitle)) list.sort((a, b) => b[1] - a[1] || a[0] - b[0]).splice(PER_TITLE);
    return byTitle;
  }, envMs(env, 'CO_MARKS_REUSE_MS', CO_MARKS_REUSE_MS));
  router.get('/co-marks', async (_req, res, next) => {
    try {
      res.json({ data: await coMarks() });
    } catch (err) {
      next(err);
    }
  });
}
