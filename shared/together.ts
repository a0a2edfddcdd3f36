/**
 * Watching together: a room at /together/{code} where members see the same moment of one title's
 * episode, talk beside it and react. The backend (site-together) keeps each room's moment and
 * answers members over Directus's websocket; the site's together feature follows it. Both read the
 * room's rules, vocabulary and messages from here.
 */

import { BAD_TEXT_CHARACTER, STACKED_MARKS } from './text-characters.ts';

/** A room holds this many people; a room nobody is in lives this long, then its link stops working. */
export const ROOM_MAX_MEMBERS = 20;
export const ROOM_IDLE_MS = 24 * 3600_000;
/** Room codes: 22 characters of base64url, 128 random bits, so a code cannot be guessed or walked. */
export const ROOM_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** The room's chat keeps the chat's own length limit; a member reads this many latest lines on entry. */
export const ROOM_MESSAGE_MAX = 2000;
export const ROOM_RECENT_MESSAGES = 50;
/** A member who holds the room (their video loads) may be left behind by the leader after this long. */
export const ROOM_WAIT_LIMIT_MS = 10_000;

/**
 * Play starts at a moment the server schedules ahead, so every member has the command before it:
 * twice the slowest member's latency (one way, half a round trip), so the slowest round trip, as
 * Jellyfin's SyncPlay does, within these bounds (a member with no measured round trip counts as the
 * upper bound). The lower bound covers the command's own transaction and fan-out, which reach every
 * member of a room on a quiet instance within about 20 ms; a member the start reaches late plays from
 * the room's second all the same (one frame late or less: it plays and catches up by speed; more: it seeks first).
 */
export const SCHEDULE_MIN_MS = 50;
export const SCHEDULE_MAX_MS = 3000;

export const CONTROL_MODES = ['all', 'leader'] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];
export const CONTROL_WORDS: Record<ControlMode, string> = {
  all: 'Управляют все',
  leader: 'Управляет только ведущий',
};

/** What a member's player is doing, as the others see it. */
export const MEMBER_STATES = ['watching', 'paused', 'loading', 'offline'] as const;
export type MemberState = (typeof MEMBER_STATES)[number];
export const MEMBER_STATE_WORDS: Record<MemberState, string> = {
  watching: 'смотрит',
  paused: 'на паузе',
  loading: 'загружается',
  offline: 'отключился',
};

/** The quick reactions that float over the video for everyone. */
export const ROOM_REACTIONS = ['❤️', '😂', '😮', '😢', '👏', '🔥'] as const;
export type RoomReaction = (typeof ROOM_REACTIONS)[number];

/**
 * The room's moment: at server time `at` (ms since the epoch) the video stands at `position`
 * seconds, and runs from there when `playing`. A play is scheduled by an `at` in the future:
 * members hold at `position` until then.
 */
export interface RoomMoment {
  playing: boolean;
  position: number;
  at: number;
}

/** The second the room stands at, at server time `serverNow`. */
export function positionAt(moment: RoomMoment, serverNow: number): number {
  if (!moment.playing || serverNow <= moment.at) return moment.position;
  return moment.position + (serverNow - moment.at) / 1000;
}

/** When a play asked for at `serverNow` starts: ahead by twice the slowest member's latency, their round trip. */
export function scheduledStart(serverNow: number, roundTripsMs: readonly (number | null)[]): number {
  const slowest = Math.max(0, ...roundTripsMs.map((rtt) => rtt ?? SCHEDULE_MAX_MS));
  return serverNow + Math.min(SCHEDULE_MAX_MS, Math.max(SCHEDULE_MIN_MS, slowest));
}

export interface RoomMember {
  /** The person's user id. */
  id: string;
  name: string;
  login: string | null;
  /** A file id of their avatar, or null. */
  avatar: string | null;
  state: MemberState;
}

export interface RoomTitle {
  id: number;
  name: string;
  slug: string;
}

/** A room as its members see it: sent whole on entry and after every change. */
export interface RoomView {
  code: string;
  title: RoomTitle;
  /** The episode playing (an id of `series`), or null for a film. */
  episode: number | null;
  control: ControlMode;
  /** The leader's user id. */
  leader: string;
  moment: RoomMoment;
  /** Members the room waits for before it plays (their video loads), and since when (server ms). */
  waitingFor: string[];
  waitingSince: number | null;
  members: RoomMember[];
  /** Grows with every change, so a member can drop a view older than the one it holds. */
  version: number;
}

/** A line of the room's chat: a member's text, or the room's own line of what happened («Аня поставила на паузу»). */
export interface RoomMessage {
  id: number;
  kind: 'text' | 'event';
  /** The author (null for the room's own lines). */
  user: string | null;
  text: string;
  replyTo: number | null;
  /** ISO time it was written. */
  date: string;
}

/**
 * What a member's browser sends over the websocket, as `{ type: 'together', room: code, uid?, ...command }`.
 * `join` starts the room's news on this socket (the person must have joined through the REST route);
 * `state` says what this member's player does ('loading' holds a playing room); `ready` says it can
 * play the room's moment after a seek or an episode change.
 */
export type RoomCommand =
  | { action: 'join' }
  | { action: 'leave' }
  | { action: 'ping'; sent: number; rtt?: number }
  | { action: 'play'; position: number }
  | { action: 'pause'; position: number }
  | { action: 'seek'; position: number; reason?: 'skip' }
  | { action: 'episode'; episode: number; reason?: 'next' }
  | { action: 'state'; state: Exclude<MemberState, 'offline'> }
  | { action: 'ready' }
  | { action: 'message'; text: string; replyTo?: number | null }
  | { action: 'react'; emoji: string }
  | { action: 'control'; mode: ControlMode }
  | { action: 'lead'; user: string }
  | { action: 'remove'; user: string }
  | { action: 'dont-wait' };

export type RoomAction = RoomCommand['action'];

/**
 * What the backend sends a member, as `{ type: 'together', room: code, uid?, ...event }`. A `room` event's
 * view takes the frame's `room` key, so its code is read from the view (`frame.room.code`).
 */
export type RoomEvent =
  | { event: 'room'; room: RoomView }
  | { event: 'message'; message: RoomMessage }
  | { event: 'reaction'; user: string; emoji: string }
  | { event: 'pong'; sent: number; server: number }
  /** This member was removed from the room, or the room ended: the page stops following it. */
  | { event: 'removed' }
  | { event: 'error'; action: string; code: string; message: string };

/** What the backend answers in Russian: the REST routes' errors and the socket's error frames. */
/** What a room says over a player it cannot follow (an embed that does not speak the providers' protocol). */
export const SILENT_EMBED_NOTE = 'Этот плеер не даёт синхронизировать видео: запускайте и ставьте на паузу сами, когда комната скажет.';

export const ROOM_MESSAGES = {
  notFound: 'Комната не найдена: ссылка устарела или неверна',
  full: `В комнате уже ${ROOM_MAX_MEMBERS} человек`,
  removed: 'Вас удалили из этой комнаты',
  signIn: 'Войдите, чтобы смотреть вместе',
  leaderOnly: 'Управляет только ведущий',
  notLeader: 'Это может только ведущий',
  notMember: 'Вы не в этой комнате',
  tooEarlyToSkipWaiting: 'Подождите ещё немного: не ждать можно через 10 секунд',
  badCommand: 'Неверная команда',
  badEpisode: 'Такой серии нет у этой дорамы',
  badTitle: 'Такой дорамы нет',
  emptyMessage: 'Напишите сообщение',
  badCharacter: BAD_TEXT_CHARACTER,
  stackedMarks: STACKED_MARKS,
  tooLong: `Сообщение длиннее ${ROOM_MESSAGE_MAX} символов`,
  badReaction: 'Такой реакции нет',
} as const;
