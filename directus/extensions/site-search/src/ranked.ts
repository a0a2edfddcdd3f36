/**
 * The search's ranking in the database: the ids of titles (or people) matching a plan, best first.
 * Tiers, in order: 0 a name is the query, 1 a name starts with it, 2 every word starts a word of a
 * name, 3 the same with corrected words, 4 every word starts a word of the description; views (for
 * people, their name) break ties.
 *
 * Asked tier by tier, each ordered with its own limit, so no query ranks every match of a common word:
 * first the most viewed titles are read in order and their tiers worked out (a common word fills its
 * tier there, the database stopping after `SCANNED` rows); a tier that is short there is rare, and is
 * then asked of an index, whose few matches are sorted: on SQLite a one-word query's names of the
 * starts' B-tree, else FTS5 with trigrams; on PostgreSQL pg_trgm.
 */
import type { Knex } from 'knex';
import type { SearchPlan } from '../../../../shared/search-plan.ts';
import { SEARCHED, type Dialect } from './search-index.ts';

/** A trigram index matches substrings of three letters or more; shorter words are left to the row's conditions. */
const TRIGRAM = 3;
/**
 * Rows read in order before a tier is asked of the index. A tier holding fewer than the limit among
 * them is rarer (under a tenth of the catalogue for 100), so the index answers it with fewer rows to
 * sort; reading more rows costs every query, a rare word's most (measured at 100,000 titles).
 */
const SCANNED = 1000;
/**
 * Up to this many published titles, PostgreSQL reads a tier of names faster from the whole index in the
 * search's order, which holds them (4.6 ms at 10,000 titles, against 8 through the trigram index); past
 * it, the trigram index is quicker (29 ms against 67 at 100,000).
 */
const NAMES_IN_ORDER_MAX = 20_000;
/** The tiers on names (the description's comes after them). */
const NAME_TIERS = 4;
/** The value of a row no tier takes. */
const NONE = 5;

export interface Ranked {
  id: number;
  tier: number;
}

type Kind = 'titles' | 'actors';

/** Where one searched table's name and body columns are, read through the table itself or its FTS5 copy. */
interface Columns {
  from: string;
  names: string;
  body: string | null;
}

const aliasOf = (kind: Kind) => (kind === 'titles' ? 't' : 'a');

function tableColumns(kind: Kind): Columns {
  const s = SEARCHED[kind];
  const alias = aliasOf(kind);
  return {
    from: `"${s.table}" ${alias}`,
    names: `${alias}."${s.columns.names}"`,
    body: s.columns.body ? `${alias}."${s.columns.body}"` : null,
  };
}

/**
 * SQLite: the rows of `kind` for ids found elsewhere, through its narrow index where it has one (its
 * planner prefers the wide rows by their key: a word in 10,144 of 100,000 titles 19 → 7.6 ms).
 */
function rankedRows(kind: Kind): string {
  const s = SEARCHED[kind];
  return `"${s.table}" ${aliasOf(kind)}${s.rank ? ` INDEXED BY "${s.rank}"` : ''}`;
}

/** The FTS5 table as the outer loop: SQLite would otherwise walk every published row and ask the index about each. */
function ftsColumns(kind: Kind): Columns {
  const s = SEARCHED[kind];
  const alias = aliasOf(kind);
  return {
    from: `"${s.fts}" CROSS JOIN ${rankedRows(kind)} ON ${alias}.id = "${s.fts}".rowid`,
    names: `"${s.fts}".names`,
    body: s.columns.body ? `"${s.fts}".body` : null,
  };
}

/** A word's start: names are kept as `|a b|c d|`, descriptions as ` a b c`. */
const WORD_STARTS = [' ', '|'];
/** Text as an FTS5 phrase: with the trigram tokenizer, a substring. */
export const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Positions of the query whose every alternative is long enough for a trigram index. */
const longPositions = (plan: SearchPlan) => plan.forgiving.filter((alts) => alts.every((a) => a.length >= TRIGRAM));

/**
 * SQL for `column` holding `text`, and its argument. The folded columns and words have no capitals
 * nor LIKE's wildcards, so SQLite's `instr` means the same as LIKE and reads a long description several
 * times faster; PostgreSQL's trigram index serves LIKE.
 */
function contains(dialect: Dialect, column: string, text: string): [string, string] {
  return dialect === 'sqlite' ? [`instr(${column}, ?) > 0`, text] : [`${column} LIKE ?`, `%${text}%`];
}

/** A word of `column` starting with one of `words`. */
function startsAWord(dialect: Dialect, column: string, words: string[]): [string, string[]] {
  const parts = words.flatMap((w) => WORD_STARTS.map((start) => contains(dialect, column, `${start}${w}`)));
  return [`(${parts.map(([sql]) => sql).join(' OR ')})`, parts.map(([, arg]) => arg)];
}

/** For each position, a word of `column` starting with one of its alternatives. */
function eachOneOf(dialect: Dialect, column: string, alternatives: string[][]): [string, string[]] {
  const parts = alternatives.map((alts) => startsAWord(dialect, column, alts));
  return [parts.map(([sql]) => sql).join(' AND '), parts.flatMap(([, args]) => args)];
}

/** One tier: what its rows meet (the tiers before it not counted), and the FTS5 MATCH narrowing to them. */
interface Tier {
  condition: [string, string[]];
  match: string;
  /** A tier no row can be in (corrections, when there are none): never asked. */
  empty?: boolean;
}

/**
 * FTS5 MATCH text for `column` having, for each position, a word starting with one of its
 * alternatives: a phrase of the word with the character before it (a trigram phrase is a substring).
 * Positions with an alternative too short for a trigram are left to the row's conditions.
 */
function wordStartsMatch(column: string, alternatives: string[][]): string {
  return alternatives
    .filter((alts) => alts.every((a) => a.length + 1 >= TRIGRAM))
    .map((alts) => `${column} : (${alts.flatMap((a) => WORD_STARTS.map((start) => ftsPhrase(`${start}${a}`))).join(' OR ')})`)
    .join(' AND ');
}

/** The tiers of `plan` over `c`, best first; a row's tier is the first whose condition it meets. */
function tiersOf(dialect: Dialect, c: Columns, plan: SearchPlan): Tier[] {
  const query = plan.keys.join(' ');
  const typed = plan.keys.map((k) => [k]);
  const whole = contains(dialect, c.names, `|${query}|`);
  const start = contains(dialect, c.names, `|${query}`);
  const tiers: Tier[] = [
    { condition: [whole[0], [whole[1]]], match: `names : ${ftsPhrase(`|${query}|`)}` },
    { condition: [start[0], [start[1]]], match: `names : ${ftsPhrase(`|${query}`)}` },
    { condition: eachOneOf(dialect, c.names, typed), match: wordStartsMatch('names', typed) },
    plan.forgiving.some((alts) => alts.length > 1)
      ? { condition: eachOneOf(dialect, c.names, plan.forgiving), match: wordStartsMatch('names', plan.forgiving) }
      : { condition: ['1 = 0', []], match: '', empty: true },
  ];
  if (c.body) tiers.push({ condition: eachOneOf(dialect, c.body, typed), match: wordStartsMatch('body', typed) });
  return tiers;
}

/** A row's tier as SQL: the first tier whose condition holds, or NONE. */
function tierCase(tiers: Tier[]): [string, string[]] {
  const asked = tiers.flatMap((tier, i) => (tier.empty ? [] : [{ ...tier, i }]));
  const whens = asked.map(({ condition: [sql], i }) => `WHEN ${sql} THEN ${i}`);
  return [`CASE ${whens.join(' ')} ELSE ${NONE} END`, asked.flatMap(({ condition: [, args] }) => args)];
}

/** The first key past every string starting with `prefix`, in byte order. */
const pastPrefix = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

const publishedOf = (kind: Kind) => (kind === 'titles' ? `${aliasOf(kind)}.status = 'published'` : '1 = 1');
/** The order within a tier, and the columns it reads. */
const orderOf = (kind: Kind) => (kind === 'titles' ? 'views DESC, id' : '"nameRu", id');
const orderColumn = (kind: Kind) => (kind === 'titles' ? 'views' : '"nameRu"');
const orderColumns = (kind: Kind) => `${aliasOf(kind)}.${orderColumn(kind)}`;

async function rows(db: Knex, dialect: Dialect, [sql, args]: [string, unknown[]]): Promise<Ranked[]> {
  const result = await db.raw(sql, args as Knex.RawBinding[]);
  const list: { id: unknown; tier: unknown }[] = dialect === 'postgres' ? result.rows : result;
  return list.map((r) => ({ id: Number(r.id), tier: Number(r.tier) }));
}

/** `matching` (rows with an id, their tier and the order's columns) ranked, best `limit` first. */
const best = (matching: string, where: string, kind: Kind): string =>
  `SELECT id, tier FROM (${matching}) matching WHERE ${where} ORDER BY tier, ${orderOf(kind)} LIMIT ?`;

/** Only one- and two-letter words: names that start with them, through the B-tree on the column itself. */
function shortQuery(dialect: Dialect, kind: Kind, plan: SearchPlan, limit: number): [string, unknown[]] {
  const c = tableColumns(kind);
  const alias = aliasOf(kind);
  const [tier, tierArgs] = tierCase(tiersOf(dialect, c, plan).slice(0, NAME_TIERS));
  const prefix = `|${plan.keys.join(' ')}`;
  // SQLite's `+` keeps it off the index on status, which would have it read and sort every published title.
  const published = dialect === 'sqlite' ? `+${publishedOf(kind)}` : publishedOf(kind);
  const where = dialect === 'sqlite' ? `${alias}."searchNames" >= ? AND ${alias}."searchNames" < ?` : `${alias}."searchNames" LIKE ?`;
  const whereArgs = dialect === 'sqlite' ? [prefix, pastPrefix(prefix)] : [`${prefix}%`];
  const matching = `SELECT ${alias}.id AS id, ${tier} AS tier, ${orderColumns(kind)} FROM ${c.from} WHERE ${published} AND ${where}`;
  return [best(matching, `tier < ${NONE}`, kind), [...tierArgs, ...whereArgs, limit]];
}

/** The best `limit` of the first `SCANNED` rows in order, by tier. */
function scanQuery(dialect: Dialect, kind: Kind, plan: SearchPlan, limit: number): [string, unknown[]] {
  const c = tableColumns(kind);
  const alias = aliasOf(kind);
  const columns = [`${alias}.id AS id`, orderColumns(kind), `${c.names} AS names`, ...(c.body ? [`${c.body} AS body`] : [])];
  const first = `SELECT ${columns.join(', ')} FROM ${c.from} WHERE ${publishedOf(kind)} ORDER BY ${orderOf(kind)} LIMIT ${SCANNED}`;
  const [tier, tierArgs] = tierCase(tiersOf(dialect, { from: '', names: 'ordered.names', body: c.body ? 'ordered.body' : null }, plan));
  const matching = `SELECT id, ${tier} AS tier, ${orderColumn(kind)} FROM (${first}) ordered`;
  return [best(matching, `tier < ${NONE}`, kind), [...tierArgs, limit]];
}

/**
 * SQLite, a one-word query's name tiers from ranges of the starts' B-tree (search-index.ts) rather
 * than trigram phrases: names starting with the word (tier 1, 0 when one is the word), later words of
 * names starting with it (2) or with one of its corrections (3). Several words, each of which must
 * start a word, are left to the trigram index, which intersects them: the range of a common word
 * (Kim, of a third of the people) costs more than the intersection.
 */
function startsQuery(kind: Kind, plan: SearchPlan, first: number, last: number, limit: number): [string, unknown[]] {
  const alias = aliasOf(kind);
  const word = plan.keys[0]!;
  const range = `FROM "${SEARCHED[kind].starts}" WHERE start >= ? AND start < ?`;
  const corrections = last >= 3 ? plan.forgiving[0]!.filter((alt) => alt !== word) : [];
  const parts = [
    `SELECT id, CASE WHEN whole = 0 THEN 2 WHEN start = ? THEN 0 ELSE 1 END AS tier ${range}`,
    ...corrections.map(() => `SELECT id, 3 AS tier ${range}`),
  ];
  const args = [word, word, pastPrefix(word), ...corrections.flatMap((alt) => [alt, pastPrefix(alt)])];
  const starts = `SELECT id, min(tier) AS tier FROM (${parts.join(' UNION ALL ')}) GROUP BY id`;
  const matching = `SELECT s.id AS id, s.tier AS tier, ${orderColumns(kind)} FROM (${starts}) s
    CROSS JOIN ${rankedRows(kind)} ON ${alias}.id = s.id WHERE ${publishedOf(kind)}`;
  return [best(matching, `tier BETWEEN ${first} AND ${last}`, kind), [...args, limit]];
}

/**
 * The best `limit` rows of tiers `first` to `last`, through the trigram index, narrowed by `last`'s
 * condition: each name tier's condition takes in the ones before it.
 */
function tiersQuery(dialect: Dialect, kind: Kind, plan: SearchPlan, first: number, last: number, limit: number, titles: number): [string, unknown[]] {
  const alias = aliasOf(kind);
  const within = `tier BETWEEN ${first} AND ${last}`;
  if (dialect === 'sqlite' && last < NAME_TIERS && plan.keys.length === 1) return startsQuery(kind, plan, first, last, limit);
  if (dialect === 'sqlite') {
    const c = ftsColumns(kind);
    const tiers = tiersOf(dialect, c, plan);
    const [tier, tierArgs] = tierCase(tiers);
    const fts = SEARCHED[kind].fts;
    const matching = `SELECT ${alias}.id AS id, ${tier} AS tier, ${orderColumns(kind)} FROM ${c.from} WHERE "${fts}" MATCH ? AND ${publishedOf(kind)}`;
    return [best(matching, within, kind), [...tierArgs, tiers[last]!.match, limit]];
  }
  // The matches are made apart first, so the planner cannot choose to walk the order's index past rows of a rare word.
  const c = tableColumns(kind);
  const tiers = tiersOf(dialect, c, plan);
  // Every row here is in a tier up to `last`. Naming only those lets PostgreSQL read a small catalogue's
  // names from the index in views order; the description, named too, keeps a large one on the trigram index.
  const [tier, tierArgs] = tierCase(titles <= NAMES_IN_ORDER_MAX ? tiers.slice(0, last + 1) : tiers);
  const [narrow, narrowArgs] = tiers[last]!.condition;
  const matching = `SELECT ${alias}.id AS id, ${tier} AS tier, ${orderColumns(kind)} FROM ${c.from} WHERE ${publishedOf(kind)} AND ${narrow}`;
  return [`WITH matching AS MATERIALIZED (${matching}) ${best('SELECT * FROM matching', within, kind)}`, [...tierArgs, ...narrowArgs, limit]];
}

/** Ids of `kind` matching `plan`, best first (see the module note); `titles`: how many are published. */
export async function ranked(db: Knex, dialect: Dialect, kind: Kind, plan: SearchPlan, limit: number, titles: number): Promise<Ranked[]> {
  if (!longPositions(plan).length) return rows(db, dialect, shortQuery(dialect, kind, plan, limit));
  const scanned = await rows(db, dialect, scanQuery(dialect, kind, plan, limit));
  const tiers = tiersOf(dialect, tableColumns(kind), plan);
  const seen = (t: number) => scanned.filter((r) => r.tier === t);
  // A full scan's last tier (and those after it) may hold more of the first rows than it gave.
  const cut = scanned.length === limit ? scanned[limit - 1]!.tier : NONE;
  const out: Ranked[] = [];
  for (let t = 0; t < tiers.length && out.length < limit; t++) {
    if (tiers[t]!.empty) continue;
    const need = limit - out.length;
    // Enough of the tier among the first rows in order: they are its best. (Had the scan's limit cut this
    // tier short, what it holds would still be what is needed: the tiers before took at least theirs.)
    if (seen(t).length >= need) {
      out.push(...seen(t).slice(0, need));
      continue;
    }
    // The name tiers after it that are short too are asked with it, in one query.
    let last = t;
    for (let next = t + 1; next < Math.min(NAME_TIERS, cut) && (tiers[next]!.empty || seen(next).length < need); next++) {
      if (!tiers[next]!.empty) last = next;
    }
    out.push(...(await rows(db, dialect, tiersQuery(dialect, kind, plan, t, last, need, titles))));
    t = last;
  }
  return out;
}
