/**
 * The words of every published title's names and every person's names, kept in this process for
 * the search plan (shared/search-plan.ts): which keyboard layout a query was typed in, and which
 * word a typo stands for. Made once on the first search, read in batches between which other
 * requests are served; an edit through this instance adds its words at once (`took`), and a change
 * made through another instance is taken in by a full read when the catalogue's row counts move, or
 * after `FULL_READ_MS` in any case.
 */
import type { Knex } from 'knex';
import { Vocabulary } from '../../../../shared/search-plan.ts';

const BATCH = 5000;
const CHECK_MS = 30_000;
const FULL_READ_MS = 10 * 60_000;

async function namesOf(db: Knex, table: 'titles' | 'actors', fields: string[], add: (name: unknown) => void, ids?: unknown[]) {
  for (let after = 0; ;) {
    let q = db(table).select('id', ...fields).where('id', '>', after).orderBy('id').limit(BATCH);
    if (table === 'titles') q = q.where('status', 'published');
    if (ids) q = q.whereIn('id', ids as number[]);
    const rows = await q;
    for (const row of rows) for (const f of fields) add(row[f]);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Takes a name read from a row into `vocabulary` (a missing one is skipped). */
const adderTo = (vocabulary: Vocabulary) => (name: unknown) => vocabulary.add(typeof name === 'string' ? name : null);

const TITLE_NAMES = ['name', 'originalName', 'anotherName'];
const PERSON_NAMES = ['nameRu', 'nameEn'];

/** The catalogue's row counts (as a key that moves with any change of them) and its published titles. */
async function countsOf(db: Knex): Promise<{ key: string; titles: number }> {
  const [t] = await db('titles').where('status', 'published').count({ n: '*' }).max({ m: 'id' });
  const [a] = await db('actors').count({ n: '*' }).max({ m: 'id' });
  return { key: JSON.stringify([t, a]), titles: Number(t?.n ?? 0) };
}

export type VocabularyCache = ReturnType<typeof createVocabularyCache>;

export function createVocabularyCache(db: Knex, onError: (err: unknown) => void) {
  let current: Promise<Vocabulary> | null = null;
  let counts = { key: '', titles: 0 };
  let readAt = 0;
  let checking = false;

  const readAll = async () => {
    const vocabulary = new Vocabulary();
    const add = adderTo(vocabulary);
    const seen = await countsOf(db);
    await namesOf(db, 'titles', TITLE_NAMES, add);
    await namesOf(db, 'actors', PERSON_NAMES, add);
    counts = seen;
    readAt = Date.now();
    return vocabulary;
  };

  const refresh = () => {
    const next = readAll();
    next.then((v) => { current = Promise.resolve(v); }, onError);
    return next;
  };

  /** Another instance's changes: a full read in the background when the counts moved, or when it is old. */
  const check = async () => {
    if (checking || !current) return;
    checking = true;
    try {
      if (Date.now() - readAt > FULL_READ_MS || (await countsOf(db)).key !== counts.key) await refresh();
    } catch (err) {
      onError(err);
    } finally {
      checking = false;
    }
  };
  let checkedAt = Date.now();

  return {
    /** The vocabulary: read on first use (that search waits for it), then kept. */
    get(): Promise<Vocabulary> {
      if (!current) {
        current = refresh();
        current.catch(() => { current = null; });
      } else if (Date.now() - checkedAt > CHECK_MS) {
        checkedAt = Date.now();
        void check();
      }
      return current;
    },
    /** Published titles when the vocabulary was last read. */
    titles: () => counts.titles,
    /** Titles or people `keys` were written through this instance: their names are taken in. */
    took(table: 'titles' | 'actors', keys: unknown[]): void {
      if (!current || !keys.length) return;
      const fields = table === 'titles' ? TITLE_NAMES : PERSON_NAMES;
      void current.then((v) => namesOf(db, table, fields, adderTo(v), keys)).catch(onError);
    },
  };
}
