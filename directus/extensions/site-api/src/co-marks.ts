/**
 * GET /site/co-marks, for the build's 'Вам может понравиться': for each published title, the titles
 * that people who marked it (Избранное, Смотрел, Смотрю) or rated it 4 or 5 also marked or rated so,
 * with how many did. Counts only: a title counts once `CO_MARK_MIN_ADMIRERS` people admire it, a pair
 * once `CO_MARK_MIN_PAIR` people share it, so no answer points at one person's lists. Only the site's
 * build (signed with the site's secret) and staff read it: free accounts count too, and a few of them
 * marking along, asking at will for the exact counts, would learn what a title's few admirers admire.
 * Each person's latest `CO_MARK_PER_PERSON` titles count (by when they were marked or rated), which
 * bounds the pairs one heavy marker makes.
 * The marks are read in pages and paired in memory (co-mark-pairs.ts). The build reads it on full
 * builds; one pass's answer serves every caller for CO_MARKS_REUSE_MS.
 */
import { ForbiddenError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Request, Router } from 'express';
import { isStaff } from '../../shared/accountability.ts';
import type { Accountability } from '../../shared/directus.ts';
import { signedBySite } from '../../shared/site-signature.ts';
import type { Knex } from 'knex';
import { envMs } from '../../shared/env.ts';
import { sharedRun } from '../../shared/shared-run.ts';
import { createAdmiredLists, markedAt, pairCounts, type AdmiredLists } from './co-mark-pairs.ts';
import { eachPage } from './each-page.ts';

const ADMIRING_MARKS = ['Избранное', 'Смотрел', 'Смотрю'];
const HIGH_RATING = 4;
export const CO_MARK_MIN_ADMIRERS = 5;
export const CO_MARK_MIN_PAIR = 3;
export const CO_MARK_PER_PERSON = 50;
const PER_TITLE = 20;
/**
 * How long a pass's answer serves every caller (CO_MARKS_REUSE_MS when set). A pass reads every
 * person's marks and pairs them, a few seconds at 20,000 people with 50 marks each. Full builds read
 * it (on start, by an editor's button, and for the counters' refresh at most every 15 minutes); a few
 * minutes' lag in what admirers share is no lag a reader sees.
 */
export const CO_MARKS_REUSE_MS = 10 * 60_000;

/** Every admired mark of a published title into `admired`. */
async function readAdmired(database: Knex, admired: AdmiredLists): Promise<void> {
  const published = new Set<number>();
  await eachPage<{ id: number }>(() => database('titles').where('status', 'published').select('id'), (rows) => {
    for (const { id } of rows) published.add(Number(id));
  });
  type Mark = { id: number; user_created: string | null; title: number | null; date_created: unknown };
  // By time, not id: the marks and the ratings are two tables, whose ids do not follow one another.
  const take = (rows: Mark[]) => {
    for (const { user_created: person, title, date_created: at } of rows) {
      if (person && published.has(Number(title))) admired.add(person, Number(title), markedAt(at));
    }
  };
  const fields = ['id', 'user_created', 'title', 'date_created'];
  await eachPage<Mark>(() => database('favorites').whereIn('type', ADMIRING_MARKS).select(fields), take);
  await eachPage<Mark>(() => database('ratings').where('rating', '>=', HIGH_RATING).select(fields), take);
}

export function registerCoMarkRoutes(router: Router, { database, env }: EndpointExtensionContext): void {
  // A pass over every person's marks, public and the same for everyone: callers share one.
  const coMarks = sharedRun(async () => {
    const admired = createAdmiredLists();
    await readAdmired(database, admired);
    const rules = { perPerson: CO_MARK_PER_PERSON, minAdmirers: CO_MARK_MIN_ADMIRERS, minPair: CO_MARK_MIN_PAIR, perTitle: PER_TITLE };
    return pairCounts(admired.latest(CO_MARK_PER_PERSON), rules, () => new Promise((resolve) => setImmediate(resolve)));
  }, envMs(env, 'CO_MARKS_REUSE_MS', CO_MARKS_REUSE_MS));
  router.get('/co-marks', async (req: Request & { accountability?: Accountability | null }, res, next) => {
    try {
      if (!signedBySite(req, env) && !isStaff(req.accountability)) throw new ForbiddenError();
      res.json({ data: await coMarks() });
    } catch (err) {
      next(err);
    }
  });
}
