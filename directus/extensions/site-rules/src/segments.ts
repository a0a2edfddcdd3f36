/**
 * Segments editors set (shared/segments.ts) and the episode length they are checked against: every
 * create and update, one row or a batch, a whole row or one field of it, is checked as the row will be
 * stored among the other segments of its episode or season; a refusal is segmentProblem()'s message.
 * An editor's new length of an episode is checked against its segments too (lengthProblem()).
 */
import type { Knex } from 'knex';
import { MIN_SEGMENT_SECONDS, SEGMENT_SOURCES, SEGMENT_STATES, lengthProblem, segmentProblem, type Segment } from '../../../../shared/segments.ts';
import type { Actor } from '../../shared/accountability.ts';
import { forbidden, invalid } from '../../shared/errors.ts';
import { numberKeyOf } from '../../shared/keys.ts';
import { episodesPlan } from './new-video.ts';
import type { Payload, Register } from './types.ts';
import { flagOf } from './values.ts';

/** The longest episode a length may say: a day. */
const MAX_LENGTH_SECONDS = 24 * 3600;
const FIELDS = ['kind', 'start', 'end', 'episode', 'season', 'absent', 'state'] as const;
/** What an editor's correction of a proposed segment changes: it confirms the proposal. */
const TIMES = ['kind', 'start', 'end', 'absent'] as const;

interface Row {
  id: number | null;
  kind: unknown;
  start: unknown;
  end: unknown;
  episode: number | null;
  season: number | null;
  absent: boolean;
  state: unknown;
}

const sameOwner = (a: Row, b: Row) => (a.episode !== null ? a.episode === b.episode : a.season === b.season);

/** An episode's length as editors or the upload set it: seconds, or null. */
export function lengthOf(value: unknown): number | null {
  if (value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_LENGTH_SECONDS) invalid('Длина серии — число секунд');
  return value;
}

/** The row a payload makes of `stored` (nothing for a new row). */
function merged(stored: Partial<Row>, payload: Payload): Row {
  const pick = <K extends keyof Row>(k: K): unknown => (k in payload ? payload[k] : stored[k]);
  // Stored flags come back from SQLite as 1 and 0; a payload's must be true or false.
  const absent = 'absent' in payload ? (payload.absent === null ? false : flagOf(payload.absent)) : !!stored.absent;
  return {
    id: stored.id ?? null,
    kind: pick('kind'),
    start: pick('start') ?? null,
    end: pick('end') ?? null,
    episode: numberKeyOf(pick('episode')),
    season: numberKeyOf(pick('season')),
    absent,
    state: pick('state') ?? 'confirmed',
  };
}

/** What is wrong with `row` among the stored segments of its owner (but `replaced`) and the batch's `pending` rows. */
async function problemOf(database: Knex, row: Row, replaced: readonly number[], pending: readonly Row[]): Promise<string | null> {
  if ((row.episode === null) === (row.season === null)) return 'Укажите либо серию, либо сезон отрезка';
  if (row.absent && row.episode === null) return '«Нет в этой серии» отмечают у серии, а не у сезона';
  const owner = row.episode !== null
    ? await database('series').where('id', row.episode).first('duration')
    : await database('iframeSeasons').where('id', row.season).first('id');
  if (!owner) return row.episode !== null ? 'Серия не найдена' : 'Сезон не найден';
  if (!(SEGMENT_STATES as readonly unknown[]).includes(row.state)) return 'Состояние отрезка: подтверждён, предложен или отклонён';
  // A rejected segment never plays, so it takes no place; a proposed one does (it may play at once, and is
  // what the editor corrects and confirms), so a second of its kind is refused like any other.
  if (row.state === 'rejected') return null;
  const stored: Row[] = await database('segments')
    .where(row.episode !== null ? { episode: row.episode } : { season: row.season })
    .modify((q) => { if (replaced.length) q.whereNotIn('id', replaced); })
    .whereNot('state', 'rejected')
    .select('kind', 'start', 'end', 'absent');
  // An absent row takes no time: it stands only for its kind.
  const others: Segment[] = [...stored, ...pending.filter((p) => sameOwner(p, row) && p.state !== 'rejected')]
    .map((o) => (o.absent ? { kind: o.kind, start: 0, end: 0 } : { kind: o.kind, start: Number(o.start), end: Number(o.end) }) as Segment);
  if (row.absent) return segmentProblem({ kind: row.kind, start: 0, end: MIN_SEGMENT_SECONDS }, others.map((o) => ({ ...o, start: 0, end: 0 })));
  const length = row.episode !== null ? (owner as { duration?: unknown }).duration : null;
  return segmentProblem(row, others, typeof length === 'number' ? length : null);
}

/** A confidence is the finder's, 0..1; a source is one of SEGMENT_SOURCES. */
function checkFinderFields(payload: Payload): void {
  if ('source' in payload && !(SEGMENT_SOURCES as readonly unknown[]).includes(payload.source)) invalid('Кто задал отрезок: редактор или поиск по звуку');
  const c = payload.confidence;
  if ('confidence' in payload && c !== null && (typeof c !== 'number' || !(c >= 0 && c <= 1))) invalid('Уверенность — число от 0 до 1');
}

/** The payload as stored: keys as numbers, and a row marked absent without times. */
function stored(payload: Payload, row: Row): Payload {
  const out = { ...payload };
  for (const k of ['episode', 'season'] as const) if (k in out) out[k] = row[k];
  if ('absent' in out) out.absent = row.absent;
  if ('absent' in out && row.absent) Object.assign(out, { start: null, end: null });
  return out;
}

/** Editors (the admin app's people) and Directus itself write segments; anyone else is refused before a rule tells a thing. */
function editorsOnly(actor: Actor & { app?: boolean } | null | undefined): void {
  if (actor && !actor.admin && !actor.app) forbidden();
}

export function registerSegmentRules({ filter }: Register): void {
  filter('segments.items.create', async (payload, _meta, { database, accountability }) => {
    editorsOnly(accountability);
    checkFinderFields(payload);
    const row = merged({}, payload);
    const problem = await problemOf(database, row, [], []);
    if (problem) invalid(problem);
    return stored(payload, row);
  });

  filter('segments.items.update', async (payload, meta, { database, accountability }) => {
    editorsOnly(accountability);
    checkFinderFields(payload);
    if (!FIELDS.some((f) => f in payload)) return payload;
    const keys = (meta.keys ?? []).map(Number);
    const before: Row[] = await database('segments').whereIn('id', keys).select('id', ...FIELDS);
    // An editor who corrects a proposal's times confirms it.
    const corrects = !('state' in payload) && TIMES.some((f) => f in payload) && before.some((r) => r.state === 'proposed');
    if (corrects && accountability?.user) payload = { ...payload, state: 'confirmed' };
    const rows = before.map((r) => merged(r, payload));
    for (const row of rows) {
      const problem = await problemOf(database, row, keys, rows.filter((r) => r !== row));
      if (problem) invalid(problem);
    }
    // Every row of a batch gets the same payload, so any row tells how it is stored.
    return rows[0] ? stored(payload, rows[0]) : payload;
  });

  filter('series.items.create', (payload) => ('duration' in payload ? { ...payload, duration: lengthOf(payload.duration) } : payload));
  filter('series.items.update', async (payload, meta, { database, accountability }) => {
    if (!('duration' in payload)) return payload;
    const length = lengthOf(payload.duration);
    // A person's change is checked against the episodes' own segments; a length measured from the
    // uploaded file (no person) is a fact, and the segments it cuts are the editor's to mend. Those a
    // new video of the same save takes away (new-video.ts) hold nothing back.
    if (length !== null && accountability?.user) {
      const leaving = (await episodesPlan(database, meta.keys ?? [], payload, null))?.segments ?? [];
      const own: Segment[] = (await database('segments')
        .whereIn('episode', (meta.keys ?? []).map(Number))
        .modify((q) => { if (leaving.length) q.whereNotIn('id', leaving); })
        .whereNot('state', 'rejected')
        .whereNotNull('end')
        .select('kind', 'start', 'end'))
        .map((r: Segment) => ({ kind: r.kind, start: Number(r.start), end: Number(r.end) }));
      const problem = lengthProblem(own, length);
      if (problem) invalid(problem);
    }
    return { ...payload, duration: length };
  });
}
