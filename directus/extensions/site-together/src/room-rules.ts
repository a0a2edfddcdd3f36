/**
 * A room's rules: a change asked by a member (or by the room's life: entering, a socket coming and
 * going) applied to the room's state at server time `now` → the next state and the lines of what
 * happened, or a refusal named as in ROOM_MESSAGES. Pure: the store (room-store.ts) reads the state,
 * applies this and writes the outcome under the room's version.
 */
import type { Segment, SegmentKind } from '../../../../shared/segments.ts';
import {
  ROOM_MAX_MEMBERS, ROOM_MESSAGES, ROOM_WAIT_LIMIT_MS, positionAt, scheduledStart,
  type ControlMode, type MemberState, type RoomMoment,
} from '../../../../shared/together.ts';

/** A video is never longer than a day: a position past it is no position. */
export const POSITION_MAX_SECONDS = 24 * 3600;

/** A person entering rooms past their pace, over REST or a socket. */
export const JOINS_TOO_FAST = 'Слишком много подключений подряд.';

export interface RoomPerson {
  id: string;
  name: string;
  /** GENDERS of shared/rules.ts, or null when not told. */
  gender: string | null;
}

export interface MemberFacts extends RoomPerson {
  state: MemberState;
  /** The member's last measured round trip to the server, ms. */
  roundTrip: number | null;
}

export interface RoomState {
  leader: string | null;
  control: ControlMode;
  episode: number | null;
  moment: RoomMoment;
  waitingFor: string[];
  waitingSince: number | null;
  /** Members the leader chose not to wait for: until the episode changes, their loading holds nobody. */
  unwaited: string[];
  version: number;
  /** The current members (neither removed nor gone), in the order they joined. */
  members: MemberFacts[];
}

export type RoomChange =
  /** A person joins through the link (the REST route): a new member, offline until their socket comes. */
  | { action: 'enter'; person: RoomPerson }
  /** A member's socket joins the room / the last of their sockets goes. */
  | { action: 'online' }
  | { action: 'offline' }
  | { action: 'leave' }
  | { action: 'play'; position: number }
  | { action: 'pause'; position: number }
  /** `skipped`: the segment the seek skips, as the caller found it among the episode's. */
  | { action: 'seek'; position: number; skipped?: SegmentKind }
  /** The episode is checked against the title by the caller, who gives its name. */
  | { action: 'episode'; episode: number; name: string; next: boolean }
  | { action: 'state'; state: Exclude<MemberState, 'offline'> }
  | { action: 'ready' }
  | { action: 'control'; mode: ControlMode }
  | { action: 'lead'; user: string }
  | { action: 'remove'; user: string }
  | { action: 'dont-wait' };

/** What happened, for the room's chat (room-lines.ts says it in Russian). */
export type RoomLine =
  | { kind: 'joined' | 'left' | 'paused' | 'resumed' | 'nextEpisode'; actor: RoomPerson }
  | { kind: 'skipped'; actor: RoomPerson; segment: SegmentKind }
  | { kind: 'seeked'; actor: RoomPerson; position: number }
  | { kind: 'episode'; actor: RoomPerson; name: string }
  | { kind: 'lead' | 'removed'; actor: RoomPerson; target: RoomPerson }
  | { kind: 'control'; actor: RoomPerson; mode: ControlMode }
  | { kind: 'dontWait'; actor: RoomPerson; waited: RoomPerson[] };

/** A run of seeks (a slider tapped along, arrows pressed in bursts) is one line: how long after the last one a seek still joins it. */
export const SEEK_LINE_RUN_MS = 10_000;

/**
 * Whether a seek by `actor` at `now` rewrites the room's last line rather than adding one: that line
 * is their own seek line, told no longer than SEEK_LINE_RUN_MS ago, with nothing said since.
 */
export function rewritesLastLine(last: { kind: string; user: string | null; at: number } | undefined, actor: string, now: number): boolean {
  return last !== undefined && last.kind === 'seek' && last.user === actor && now - last.at <= SEEK_LINE_RUN_MS;
}

export type RoomRefusal = keyof typeof ROOM_MESSAGES;

export type RoomOutcome =
  | {
    ok: true;
    /** False when the change changed nothing: nothing is written or told. */
    changed: boolean;
    room: RoomState;
    lines: RoomLine[];
    /** A member the leader removed / who left: their sockets stop hearing the room. */
    removed?: string;
    left?: string;
  }
  | { ok: false; refusal: RoomRefusal };

const refuse = (refusal: RoomRefusal): RoomOutcome => ({ ok: false, refusal });

/** A second of the video as a command gives it: a finite number from 0 to a day, kept to the millisecond. */
export function positionOf(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > POSITION_MAX_SECONDS) return null;
  return Math.round(value * 1000) / 1000;
}

/**
 * The segment a seek from `from` to `to` skips: one the room was in (or a second before) whose end,
 * or the episode's, is where the seek lands; null for any other seek.
 */
export function skippedSegment(segments: readonly Segment[], length: number | null, from: number, to: number): SegmentKind | null {
  const lands = (s: Segment) => Math.abs(Math.min(s.end, length ?? s.end) - to) <= 1;
  return segments.find((s) => from >= s.start - 1 && from < s.end && to > from && lands(s))?.kind ?? null;
}

const online = (m: MemberFacts) => m.state !== 'offline';
const person = ({ id, name, gender }: MemberFacts): RoomPerson => ({ id, name, gender });

/** Playing from the moment's position, at a start every online member hears of in time. */
function scheduledPlay(room: RoomState, now: number, position = room.moment.position): RoomState {
  const start = scheduledStart(now, room.members.filter(online).map((m) => m.roundTrip));
  return { ...room, moment: { playing: true, position, at: start }, waitingFor: [], waitingSince: null };
}

/** Holding at `position` until every online member waited for says ready; a room not playing just stands there. */
function holdFor(room: RoomState, position: number, now: number): RoomState {
  const playingOrWaiting = room.moment.playing || room.waitingFor.length > 0;
  const stopped = { playing: false, position, at: now };
  if (!playingOrWaiting) return { ...room, moment: stopped, waitingFor: [], waitingSince: null };
  const waited = room.members.filter((m) => online(m) && !room.unwaited.includes(m.id)).map((m) => m.id);
  return { ...room, moment: stopped, waitingFor: waited, waitingSince: now };
}

/** The room no longer waits for `user`; the last one waited for lets it play. */
function stopWaitingFor(room: RoomState, user: string, now: number): RoomState {
  if (!room.waitingFor.includes(user)) return room;
  const waitingFor = room.waitingFor.filter((id) => id !== user);
  return waitingFor.length ? { ...room, waitingFor } : scheduledPlay(room, now);
}

function withMember(room: RoomState, id: string, change: Partial<MemberFacts>): RoomState {
  return { ...room, members: room.members.map((m) => (m.id === id ? { ...m, ...change } : m)) };
}

/** A member gone (left or removed): not waited for, and the lead passes on when it was theirs. */
function without(room: RoomState, id: string, now: number): RoomState {
  const rest = stopWaitingFor(room, id, now);
  return { ...rest, members: rest.members.filter((m) => m.id !== id), unwaited: rest.unwaited.filter((u) => u !== id) };
}

/** A room whose leader is gone is led by its earliest online member, or its earliest member. */
function withLeader(room: RoomState): RoomState {
  if (room.leader !== null && room.members.some((m) => m.id === room.leader)) return room;
  const next = room.members.find(online) ?? room.members[0];
  return { ...room, leader: next?.id ?? null };
}

const CONTROLS = new Set<RoomChange['action']>(['play', 'pause', 'seek', 'episode']);
const LEADERS_ONLY = new Set<RoomChange['action']>(['control', 'lead', 'remove', 'dont-wait']);

export function applyChange(before: RoomState, actorId: string, change: RoomChange, now: number): RoomOutcome {
  const room = withLeader(before);
  const outcome = decide(room, actorId, change, now);
  if (!outcome.ok) return outcome;
  const next = withLeader(outcome.room);
  const changed = outcome.lines.length > 0 || JSON.stringify({ ...next, version: 0 }) !== JSON.stringify({ ...before, version: 0 });
  return { ...outcome, changed, room: changed ? { ...next, version: before.version + 1 } : before };
}

function decide(room: RoomState, actorId: string, change: RoomChange, now: number): RoomOutcome {
  const done = (next: RoomState, lines: RoomLine[] = [], extra: { removed?: string; left?: string } = {}): RoomOutcome => ({ ok: true, changed: true, room: next, lines, ...extra });
  if (change.action === 'enter') {
    if (room.members.some((m) => m.id === change.person.id)) return done(room);
    if (room.members.length >= ROOM_MAX_MEMBERS) return refuse('full');
    const member: MemberFacts = { ...change.person, state: 'offline', roundTrip: null };
    return done({ ...room, members: [...room.members, member] }, [{ kind: 'joined', actor: change.person }]);
  }

  const actor = room.members.find((m) => m.id === actorId);
  if (!actor) return refuse('notMember');
  const who = person(actor);
  if (CONTROLS.has(change.action) && room.control === 'leader' && actorId !== room.leader) return refuse('leaderOnly');
  if (LEADERS_ONLY.has(change.action) && actorId !== room.leader) return refuse('notLeader');

  switch (change.action) {
    case 'online':
      return done(actor.state === 'offline' ? withMember(room, actorId, { state: 'paused' }) : room);
    case 'offline':
      return done(stopWaitingFor(withMember(room, actorId, { state: 'offline' }), actorId, now));
    case 'leave':
      return done(without(room, actorId, now), [{ kind: 'left', actor: who }], { left: actorId });
    case 'play': {
      const position = positionOf(change.position);
      if (position === null) return refuse('badCommand');
      return done(scheduledPlay(room, now, position), [{ kind: 'resumed', actor: who }]);
    }
    case 'pause': {
      const position = positionOf(change.position);
      if (position === null) return refuse('badCommand');
      return done({ ...room, moment: { playing: false, position, at: now }, waitingFor: [], waitingSince: null }, [{ kind: 'paused', actor: who }]);
    }
    case 'seek': {
      const position = positionOf(change.position);
      if (position === null) return refuse('badCommand');
      const line: RoomLine = change.skipped ? { kind: 'skipped', actor: who, segment: change.skipped } : { kind: 'seeked', actor: who, position };
      return done(holdFor(room, position, now), [line]);
    }
    case 'episode': {
      if (!Number.isSafeInteger(change.episode) || change.episode <= 0) return refuse('badEpisode');
      // The episode the room is on already: a repeat (a slow answer, two members at once) changes nothing,
      // so it neither holds everyone again nor says so in the chat.
      if (change.episode === room.episode) return done(room);
      const line: RoomLine = change.next ? { kind: 'nextEpisode', actor: who } : { kind: 'episode', actor: who, name: change.name };
      // A new episode starts over: everyone is waited for again.
      return done({ ...holdFor({ ...room, unwaited: [] }, 0, now), episode: change.episode }, [line]);
    }
    case 'state': {
      const next = withMember(room, actorId, { state: change.state });
      if (change.state === 'watching') return done(stopWaitingFor(next, actorId, now));
      if (change.state !== 'loading' || room.unwaited.includes(actorId)) return done(next);
      if (room.moment.playing) {
        const held = { playing: false, position: positionAt(room.moment, now), at: now };
        return done({ ...next, moment: held, waitingFor: [actorId], waitingSince: now });
      }
      if (room.waitingFor.length && !room.waitingFor.includes(actorId)) return done({ ...next, waitingFor: [...room.waitingFor, actorId] });
      return done(next);
    }
    case 'ready': {
      const next = actor.state === 'loading' ? withMember(room, actorId, { state: 'paused' }) : room;
      return done(stopWaitingFor(next, actorId, now));
    }
    case 'control':
      if (change.mode === room.control) return done(room);
      return done({ ...room, control: change.mode }, [{ kind: 'control', actor: who, mode: change.mode }]);
    case 'lead': {
      const target = room.members.find((m) => m.id === change.user);
      if (!target || target.id === actorId) return refuse('badCommand');
      return done({ ...room, leader: target.id }, [{ kind: 'lead', actor: who, target: person(target) }]);
    }
    case 'remove': {
      const target = room.members.find((m) => m.id === change.user);
      if (!target || target.id === actorId) return refuse('badCommand');
      return done(without(room, target.id, now), [{ kind: 'removed', actor: who, target: person(target) }], { removed: target.id });
    }
    case 'dont-wait': {
      if (!room.waitingFor.length) return done(room);
      if (room.waitingSince !== null && now - room.waitingSince < ROOM_WAIT_LIMIT_MS) return refuse('tooEarlyToSkipWaiting');
      const waited = room.members.filter((m) => room.waitingFor.includes(m.id)).map(person);
      const unwaited = [...new Set([...room.unwaited, ...room.waitingFor])];
      return done(scheduledPlay({ ...room, unwaited }, now), [{ kind: 'dontWait', actor: who, waited }]);
    }
  }
}
