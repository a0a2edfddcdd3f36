/**
 * Columns of `titles` that lists sort by and Directus cannot compute in a query, kept by the
 * database itself so every write reaches them: the rating endpoint's own statement, the items
 * API, the ratings an account deletion or a title deletion takes away with a foreign key.
 *
 * - `ratingAverage` and `ratingCount`: the average (two decimals, 0 when unrated) and number of
 *   the title's ratings, for «По рейтингу». Recounted from the ratings on each change of one. On
 *   PostgreSQL the title's row is locked first, so two ratings written at once each count the
 *   other: the recount that waited takes a fresh snapshot after the lock.
 * - `releaseOrder`: the release year, 0 when there is none. Lists newest by release sort by it,
 *   since PostgreSQL puts rows without a year first in a descending order and SQLite last.
 *
 * Directus rebuilds a table on SQLite to change one of its columns, which drops its triggers: the
 * apply command runs this, which makes missing triggers again and recounts every title then.
 */
import type { Knex } from 'knex';
import { dialectOf } from '../../site-search/src/search-index.ts';

/** The columns kept here: nobody writes them through the API (the titles' rules drop them from a payload). */
export const TITLE_ORDER_FIELDS = ['ratingAverage', 'ratingCount', 'releaseOrder'] as const;

/** The triggers on SQLite, by name: what each one does once its row changed. */
function sqliteTriggers(): Record<string, string> {
  const recount = (row: 'new' | 'old') => `UPDATE "titles" SET
      "ratingCount" = (SELECT count(*) FROM "ratings" WHERE "title" = ${row}."title"),
      "ratingAverage" = coalesce((SELECT round(avg("rating"), 2) FROM "ratings" WHERE "title" = ${row}."title"), 0)
    WHERE "id" = ${row}."title";`;
  const releaseOrder = `UPDATE "titles" SET "releaseOrder" = coalesce(new."releaseYear", 0)
    WHERE "id" = new."id" AND "releaseOrder" IS NOT coalesce(new."releaseYear", 0);`;
  return {
    ratings_totals_insert: `AFTER INSERT ON "ratings" BEGIN ${recount('new')} END`,
    // An update that moves a rating to another title recounts both.
    ratings_totals_update: `AFTER UPDATE OF "rating", "title" ON "ratings" BEGIN ${recount('old')} ${recount('new')} END`,
    ratings_totals_delete: `AFTER DELETE ON "ratings" BEGIN ${recount('old')} END`,
    titles_release_order_insert: `AFTER INSERT ON "titles" BEGIN ${releaseOrder} END`,
    titles_release_order_update: `AFTER UPDATE OF "releaseYear", "releaseOrder" ON "titles" BEGIN ${releaseOrder} END`,
  };
}

const POSTGRES_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION site_recount_ratings(t integer) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM 1 FROM "titles" WHERE "id" = t FOR UPDATE;
    UPDATE "titles" SET "ratingCount" = s.n, "ratingAverage" = coalesce(round(s.average, 2), 0)
      FROM (SELECT count(*) AS n, avg("rating") AS average FROM "ratings" WHERE "title" = t) s
      WHERE "titles"."id" = t;
  END $$`,
  `CREATE OR REPLACE FUNCTION site_ratings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP <> 'INSERT' THEN PERFORM site_recount_ratings(OLD."title"); END IF;
    IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."title" IS DISTINCT FROM OLD."title") THEN
      PERFORM site_recount_ratings(NEW."title");
    END IF;
    RETURN NULL;
  END $$`,
  `CREATE OR REPLACE FUNCTION site_release_order() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW."releaseOrder" := coalesce(NEW."releaseYear", 0);
    RETURN NEW;
  END $$`,
];

const POSTGRES_TRIGGERS: Record<string, string> = {
  ratings_totals: 'AFTER INSERT OR UPDATE OF "rating", "title" OR DELETE ON "ratings" FOR EACH ROW EXECUTE FUNCTION site_ratings_changed()',
  titles_release_order: 'BEFORE INSERT OR UPDATE ON "titles" FOR EACH ROW EXECUTE FUNCTION site_release_order()',
};

/** Every title's columns from its ratings and year, as the triggers keep them. */
async function recountAll(db: Knex): Promise<void> {
  await db.raw(`UPDATE "titles" SET
    "ratingCount" = (SELECT count(*) FROM "ratings" WHERE "ratings"."title" = "titles"."id"),
    "ratingAverage" = coalesce((SELECT round(avg("rating"), 2) FROM "ratings" WHERE "ratings"."title" = "titles"."id"), 0),
    "releaseOrder" = coalesce("releaseYear", 0)`);
}

async function ensureSqlite(db: Knex): Promise<string[]> {
  const triggers = sqliteTriggers();
  const present = new Set(await db('sqlite_master').where({ type: 'trigger' }).whereIn('name', Object.keys(triggers)).pluck('name'));
  const missing = Object.keys(triggers).filter((name) => !present.has(name));
  if (!missing.length) return [];
  await db.transaction(async (trx) => {
    for (const name of missing) await trx.raw(`CREATE TRIGGER "${name}" ${triggers[name]}`);
    await recountAll(trx);
  });
  return missing;
}

async function ensurePostgres(db: Knex): Promise<string[]> {
  const present = new Set(await db('pg_trigger').where({ tgisinternal: false }).whereIn('tgname', Object.keys(POSTGRES_TRIGGERS)).pluck('tgname'));
  const missing = Object.keys(POSTGRES_TRIGGERS).filter((name) => !present.has(name));
  if (!missing.length) return [];
  await db.transaction(async (trx) => {
    for (const sql of POSTGRES_FUNCTIONS) await trx.raw(sql);
    for (const name of missing) await trx.raw(`CREATE TRIGGER "${name}" ${POSTGRES_TRIGGERS[name]}`);
    await recountAll(trx);
  });
  return missing;
}

/** Makes the triggers that are missing, and recounts every title when any was; the names of those made. */
export async function ensureTitleOrders(db: Knex): Promise<string[]> {
  return dialectOf(db) === 'sqlite' ? ensureSqlite(db) : ensurePostgres(db);
}
