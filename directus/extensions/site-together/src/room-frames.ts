/**
 * What a member's socket sends, read strictly: `{ type: 'together', room, uid?, action, ... }` becomes
 * a RoomCommand of shared/together.ts, or a refusal that names the action (when it has one) and why.
 * Anything of another type or shape is refused, never read loosely: a number sent as text, a list
 * for an object, a string of any length. The text of a message is checked for length by the caller.
 */
import {
  CONTROL_MODES, MEMBER_STATES, ROOM_CODE_PATTERN, ROOM_MESSAGE_MAX, ROOM_REACTIONS,
  type ControlMode, type RoomCommand, type RoomReaction,
} from '../../../../shared/together.ts';
import { showsSomething } from '../../../../shared/visible-text.ts';
import { STACKED_MARKS, textCharacterProblem } from '../../../../shared/text-characters.ts';
import { positionOf } from './room-rules.ts';

export interface RoomFrame {
  room: string;
  uid?: string | number;
  command: RoomCommand;
}

export type FrameRefusal = { action: string; uid?: string | number; room?: string; code: 'badCommand' | 'notFound' | 'badReaction' | 'emptyMessage' | 'badCharacter' | 'stackedMarks' | 'tooLong' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ACTIONS = ['join', 'leave', 'ping', 'play', 'pause', 'seek', 'episode', 'state', 'ready', 'message', 'react', 'control', 'lead', 'remove', 'dont-wait'] as const;
/** A uid is the page's own tag for an answer: short text or a number. */
const UID_MAX = 64;
/** The longest round trip a page may report; a slower one counts as this. */
export const ROUND_TRIP_MAX_MS = 60_000;

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

function uidOf(value: unknown): string | number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.length <= UID_MAX) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return null;
}

/** The command of a frame, or the refusal its sender is told. */
export function readFrame(frame: Record<string, unknown>): RoomFrame | FrameRefusal {
  const uid = uidOf(frame.uid);
  const action = isOneOf(ACTIONS, frame.action) ? frame.action : 'together';
  if (uid === null) return { action, code: 'badCommand' };
  const told = uid === undefined ? {} : { uid };
  const room = typeof frame.room === 'string' && ROOM_CODE_PATTERN.test(frame.room) ? frame.room : null;
  if (room === null) return { action, ...told, code: 'notFound' };
  const refuse = (code: FrameRefusal['code'] = 'badCommand'): FrameRefusal => ({ action, ...told, room, code });
  const ok = (command: RoomCommand): RoomFrame => ({ room, ...told, command });
  const position = () => positionOf(frame.position);

  switch (frame.action) {
    case 'join': case 'leave': case 'ready': case 'dont-wait':
      return ok({ action: frame.action });
    case 'ping': {
      const sent = frame.sent;
      if (typeof sent !== 'number' || !Number.isFinite(sent)) return refuse();
      if (frame.rtt === undefined) return ok({ action: 'ping', sent });
      if (typeof frame.rtt !== 'number' || !Number.isFinite(frame.rtt) || frame.rtt < 0) return refuse();
      return ok({ action: 'ping', sent, rtt: Math.min(ROUND_TRIP_MAX_MS, Math.round(frame.rtt)) });
    }
    case 'play': case 'pause': {
      const at = position();
      return at === null ? refuse() : ok({ action: frame.action, position: at });
    }
    case 'seek': {
      const at = position();
      if (at === null || (frame.reason !== undefined && frame.reason !== 'skip')) return refuse();
      return ok(frame.reason === 'skip' ? { action: 'seek', position: at, reason: 'skip' } : { action: 'seek', position: at });
    }
    case 'episode': {
      const { episode, reason } = frame;
      if (typeof episode !== 'number' || !Number.isSafeInteger(episode) || episode <= 0) return refuse();
      if (reason !== undefined && reason !== 'next') return refuse();
      return ok(reason === 'next' ? { action: 'episode', episode, reason } : { action: 'episode', episode });
    }
    case 'state': {
      const state = frame.state;
      if (!isOneOf(MEMBER_STATES, state) || state === 'offline') return refuse();
      return ok({ action: 'state', state });
    }
    case 'message': {
      if (typeof frame.text !== 'string') return refuse();
      // Counted before trimming too: a megabyte of spaces is no message either.
      if (frame.text.length > ROOM_MESSAGE_MAX * 4) return refuse('tooLong');
      const text = frame.text.trim();
      if (!showsSomething(text)) return refuse('emptyMessage');
      const problem = textCharacterProblem(text);
      if (problem) return refuse(problem === STACKED_MARKS ? 'stackedMarks' : 'badCharacter');
      if ([...text].length > ROOM_MESSAGE_MAX) return refuse('tooLong');
      const replyTo = frame.replyTo;
      if (replyTo === undefined || replyTo === null) return ok({ action: 'message', text, replyTo: null });
      if (typeof replyTo !== 'number' || !Number.isSafeInteger(replyTo) || replyTo <= 0) return refuse();
      return ok({ action: 'message', text, replyTo });
    }
    case 'react':
      return isOneOf<RoomReaction>(ROOM_REACTIONS, frame.emoji) ? ok({ action: 'react', emoji: frame.emoji }) : refuse('badReaction');
    case 'control':
      return isOneOf<ControlMode>(CONTROL_MODES, frame.mode) ? ok({ action: 'control', mode: frame.mode }) : refuse();
    case 'lead': case 'remove':
      return typeof frame.user === 'string' && UUID.test(frame.user) ? ok({ action: frame.action, user: frame.user.toLowerCase() }) : refuse();
    default:
      return refuse();
  }
}

export const isRefusal = (read: RoomFrame | FrameRefusal): read is FrameRefusal => 'code' in read;
