/**
 * A room as stored (togetherRooms, togetherMembers, togetherMessages) and changed: the room row is
 * read locked (two instances may take commands for one room at once: on PostgreSQL they queue on the
 * row), room-rules.ts applies the change, and the row is written under its `version` in one
 * transaction with its members and lines; a version that moved meanwhile all the same has the change
 * applied again to what is there now. Views and messages are
 * made here as members see them (RoomView, RoomMessage).
 */
import type { Knex } from 'knex';
import {
  ROOM_IDLE_MS, ROOM_RECENT_MESSAGES, type MemberState, type RoomMember, type RoomMessage, type RoomTitle, type RoomView,
} from '../../../../shared/together.ts';
import { locked } from '../../shared/row-lock.ts';
import { lineText } from './room-lines.ts';
import {
  applyChange, rewritesLastLine, type MemberFacts, type RoomChange, type RoomLine, type RoomOutcome, type RoomPerson, type RoomState,
} from './room-rules.ts';

/** How the chat names a person with no login. */
export const UNKNOWN_PERSON = 'Пользователь';
/** Tries of a change whose room another instance changed meanwhile. */
const CONFLICT_TRIES = 8;

interface RoomRow {
  id: number;
  code: string;
  title: number;
  episode: number | null;
  leader: string | null;
  control: string;
  playing: unknown;
  position: unknown;
  positionAt: unknown;
  waitingFor: unknown;
  waitingSince: unknown;
  unwaited: unknown;
  version: unknown;
  emptySince: unknown;
}

export interface PersonRow { id: string; login: string | null; first_name: string | null; avatar: string | null; gender: string | null }

interface MemberRow extends PersonRow {
  member: number;
  state: MemberState;
  removed: unknown;
  left: unknown;
  roundTrip: unknown;
}

export interface LoadedRoom {
  id: number;
  code: string;
  title: RoomTitle;
  state: RoomState;
  emptySince: number | null;
  /** Every member row, gone ones too, by user. */
  rows: Map<string, MemberRow>;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
export const flag = (v: unknown) => v === true || v === 1 || v === '1';
const ids = (v: unknown): string[] => {
  const parsed = typeof v === 'string' ? safeJson(v) : v;
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const personName = (p: Pick<PersonRow, 'login' | 'first_name'>): string => p.login || p.first_name || UNKNOWN_PERSON;
export const personOf = (p: PersonRow): RoomPerson => ({ id: p.id, name: personName(p), gender: p.gender });

const PERSON_COLUMNS = ['u.id as id', 'u.login as login', 'u.first_name as first_name', 'u.avatar as avatar', 'u.gender as gender'];

export async function readPerson(db: Knex, id: string): Promise<PersonRow | null> {
  return (await db('directus_users as u').where('u.id', id).first(PERSON_COLUMNS)) ?? null;
}

/** A room that nobody has been in for ROOM_IDLE_MS is gone for everyone, swept or not yet. */
export const isExpired = (emptySince: number | null, now: number) => emptySince !== null && now - emptySince >= ROOM_IDLE_MS;

/** `forChange`: the room row stays locked until the transaction `db` ends. */
export async function loadRoom(db: Knex, code: string, now = Date.now(), forChange = false): Promise<LoadedRoom | null> {
  const query = db('togetherRooms').where({ code }).first();
  const row: RoomRow | undefined = await (forChange ? locked(db, query) : query);
  if (!row) return null;
  const emptySince = num(row.emptySince);
  if (isExpired(emptySince, now)) return null;
  // A room lives while its title is published: a link kept past that tells nothing of a draft.
  const title = await db('titles').where({ id: row.title, status: 'published' }).first('id', 'name', 'slug');
  if (!title) return null;
  const members: MemberRow[] = await db('togetherMembers as m')
    .join('directus_users as u', 'u.id', 'm.user')
    .where('m.room', row.id)
    .orderBy('m.id')
    .select(['m.id as member', 'm.state as state', 'm.removed as removed', 'm.left as left', 'm.roundTrip as roundTrip', ...PERSON_COLUMNS]);
  const current = members.filter((m) => !flag(m.removed) && !flag(m.left));
  return {
    id: Number(row.id),
    code: row.code,
    title: { id: Number(title.id), name: String(title.name), slug: String(title.slug) },
    emptySince,
    rows: new Map(members.map((m) => [m.id, m])),
    state: {
      leader: row.leader,
      control: row.control === 'leader' ? 'leader' : 'all',
      episode: num(row.episode),
      moment: { playing: flag(row.playing), position: num(row.position) ?? 0, at: num(row.positionAt) ?? 0 },
      waitingFor: ids(row.waitingFor),
      waitingSince: num(row.waitingSince),
      unwaited: ids(row.unwaited),
      version: num(row.version) ?? 0,
      members: current.map((m): MemberFacts => ({ ...personOf(m), state: m.state, roundTrip: num(m.roundTrip) })),
    },
  };
}

export function viewOf(loaded: Pick<LoadedRoom, 'code' | 'title' | 'rows'>, state: RoomState): RoomView {
  const members = state.members.map((m): RoomMember => {
    const row = loaded.rows.get(m.id);
    return { id: m.id, name: m.name, login: row?.login ?? null, avatar: row?.avatar ?? null, state: m.state };
  });
  return {
    code: loaded.code,
    title: loaded.title,
    episode: state.episode,
    control: state.control,
    leader: state.leader ?? '',
    moment: state.moment,
    waitingFor: state.waitingFor,
    waitingSince: state.waitingSince,
    members,
    version: state.version,
  };
}

/**
 * A row's kind: a member's `text`, the room's own line (`event`), or the room's line of a seek
 * (`seek`, whose `user` is who seeked, so that a run of their seeks stays one line).
 */
type MessageKind = 'text' | 'event' | 'seek';

interface MessageRow { id: number; kind: string; user: string | null; text: string; replyTo: number | null; date_created: unknown }

function isoOf(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  if (typeof value === 'string') return new Date(/^\d+$/.test(value) ? Number(value) : value).toISOString();
  return new Date(0).toISOString();
}

export const messageOf = (row: MessageRow): RoomMessage => ({
  id: Number(row.id),
  kind: row.kind === 'text' ? 'text' : 'event',
  user: row.kind === 'text' ? row.user ?? null : null,
  text: row.text,
  replyTo: num(row.replyTo),
  date: isoOf(row.date_created),
});

export async function recentMessages(db: Knex, room: number): Promise<RoomMessage[]> {
  const rows: MessageRow[] = await db('togetherMessages').where({ room }).orderBy('id', 'desc').limit(ROOM_RECENT_MESSAGES)
    .select('id', 'kind', 'user', 'text', 'replyTo', 'date_created');
  return rows.reverse().map(messageOf);
}

/** Stores a line of the room's chat and answers it as members see it. */
export async function writeMessage(db: Knex, room: number, message: { kind: MessageKind; user: string | null; text: string; replyTo: number | null }, now: Date): Promise<RoomMessage> {
  const [inserted] = await db('togetherMessages').insert({ room, ...message, date_created: now }).returning('id');
  const id = typeof inserted === 'object' && inserted !== null ? (inserted as { id: unknown }).id : inserted;
  return messageOf({ id: Number(id), ...message, date_created: now });
}

/** Stores the room's line of what `actor` did; a seek right after their last seek line rewrites that line instead. */
async function tellLine(db: Knex, room: number, actor: string, line: RoomLine, now: Date): Promise<RoomMessage> {
  const text = lineText(line);
  if (line.kind !== 'seeked') return writeMessage(db, room, { kind: 'event', user: null, text, replyTo: null }, now);
  const last: MessageRow | undefined = await db('togetherMessages').where({ room }).orderBy('id', 'desc').first('id', 'kind', 'user', 'date_created');
  if (last && rewritesLastLine({ kind: last.kind, user: last.user, at: Date.parse(isoOf(last.date_created)) }, actor, now.getTime())) {
    await db('togetherMessages').where({ id: last.id }).update({ text, date_created: now });
    return messageOf({ ...last, text, replyTo: null, date_created: now });
  }
  return writeMessage(db, room, { kind: 'seek', user: actor, text, replyTo: null }, now);
}

export interface Applied {
  outcome: RoomOutcome;
  /** The room after the change (as it was when refused or unchanged). */
  view: RoomView;
  lines: RoomMessage[];
  loaded: LoadedRoom;
}

class VersionConflict extends Error {}

/** Round trips measured here since the rows last kept them: scheduling uses the freshest. */
export type RoundTrips = (room: string, user: string) => number | undefined;

/**
 * Applies `change` by `actor` to the room `code`; null when there is no such room (or it expired).
 * `person` is read for a member entering. Nothing is written when the rules refuse or change nothing.
 */
export async function applyToRoom(database: Knex, code: string, actor: string, change: RoomChange, roundTrips?: RoundTrips, quiet = false): Promise<Applied | null> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.transaction((trx) => applyOnce(trx, code, actor, change, roundTrips, quiet));
    } catch (err) {
      if (!(err instanceof VersionConflict) || attempt >= CONFLICT_TRIES) throw err;
    }
  }
}

async function applyOnce(trx: Knex, code: string, actor: string, change: RoomChange, roundTrips: RoundTrips | undefined, quiet: boolean): Promise<Applied | null> {
  const loaded = await loadRoom(trx, code, Date.now(), true);
  if (!loaded) return null;
  // Read once the row is ours: a change that queued behind others is timed from now.
  const now = Date.now();
  if (roundTrips) {
    loaded.state.members = loaded.state.members.map((m) => ({ ...m, roundTrip: roundTrips(code, m.id) ?? m.roundTrip }));
  }
  const removedBefore = change.action === 'enter' && flag(loaded.rows.get(actor)?.removed);
  const outcome: RoomOutcome = removedBefore ? { ok: false, refusal: 'removed' } : applyChange(loaded.state, actor, change, now);
  if (!outcome.ok || !outcome.changed) return { outcome, view: viewOf(loaded, loaded.state), lines: [], loaded };

  const next = outcome.room;
  const anyoneIn = next.members.some((m) => m.state !== 'offline');
  const emptySince = anyoneIn ? null : loaded.emptySince ?? now;
  const written = await trx('togetherRooms').where({ id: loaded.id, version: loaded.state.version }).update({
    leader: next.leader,
    control: next.control,
    episode: next.episode,
    playing: next.moment.playing,
    position: next.moment.position,
    positionAt: next.moment.at,
    waitingFor: JSON.stringify(next.waitingFor),
    waitingSince: next.waitingSince,
    unwaited: JSON.stringify(next.unwaited),
    version: next.version,
    emptySince,
  });
  if (written !== 1) throw new VersionConflict();

  const before = new Map(loaded.state.members.map((m) => [m.id, m]));
  for (const m of next.members) {
    const had = before.get(m.id);
    if (had && had.state === m.state) continue;
    const row = loaded.rows.get(m.id);
    if (row) await trx('togetherMembers').where({ id: row.member }).update({ state: m.state, left: false, ...(had ? {} : { roundTrip: null }) });
    else await trx('togetherMembers').insert({ room: loaded.id, user: m.id, state: m.state, removed: false, left: false, date_created: new Date(now) });
  }
  if (outcome.removed) await trx('togetherMembers').where({ room: loaded.id, user: outcome.removed }).update({ removed: true, state: 'offline' });
  if (outcome.left) await trx('togetherMembers').where({ room: loaded.id, user: outcome.left }).update({ left: true, state: 'offline' });

  const lines: RoomMessage[] = [];
  for (const line of quiet ? [] : outcome.lines) lines.push(await tellLine(trx, loaded.id, actor, line, new Date(now)));

  // A member entering is in the rows from now on: the view names their login and avatar.
  if (change.action === 'enter' && !loaded.rows.has(change.person.id)) {
    const person = await readPerson(trx, change.person.id);
    if (person) loaded.rows.set(person.id, { ...person, member: 0, state: 'offline', removed: false, left: false, roundTrip: null });
  }
  return { outcome, view: viewOf(loaded, next), lines, loaded };
}
