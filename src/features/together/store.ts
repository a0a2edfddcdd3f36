/**
 * The room's store: the room as the backend last said (`$room`, newer views only), its chat lines,
 * the reactions floating now, the server's clock, the title's player model, and what went wrong.
 * Actions: making a room from a title, entering one (REST, then the socket), the room's commands,
 * chat lines and reactions, leaving. Islands reach all of it through here.
 */
import { atom, computed } from 'nanostores';
import { ROOM_CODE_PATTERN, ROOM_MESSAGES, ROOM_REACTIONS, type RoomCommand, type RoomEvent, type RoomMessage, type RoomView } from '../../../shared/together.ts';
import { DirectusRequestError, reasonOf } from '../../lib/directus/request-error.ts';
import { task } from '../../ui/task.ts';
import { $me, loadMe } from '../account/index.ts';
import { playerModel, type PlayerModel } from '../title/for-signed-in.ts';
import { addSample, clockOffset, NO_CLOCK, nextPingIn, reportedRtt, sampleOf, type Clock } from './clock-offset.ts';
import { joinRoom, leaveRoom, readRoomTitle } from './directus.ts';
import { afterView, repeatsAsk, type EpisodeAsk } from './episode-ask.ts';
import { $connection, closeRoomSocket, openRoomSocket, sendRoomCommand } from './socket.ts';

export { $connection };

export const $room = atom<RoomView | null>(null);
export const $roomMessages = atom<RoomMessage[]>([]);
export const $roomModel = atom<PlayerModel | null>(null);
/** Why the page cannot show the room (not found, removed, full): it stops following it. */
export const $roomProblem = atom<string | null>(null);
/** A word for a moment (a refused command), gone by itself. */
export const $roomNotice = atom<string | null>(null);
/** The browser would not start the video without a click. */
export const $playBlocked = atom(false);
export const $clock = atom<Clock>(NO_CLOCK);

export interface FloatingReaction { key: number; emoji: string; user: string; /** Where across the video it rises, 0–1. */ across: number }
export const $reactions = atom<FloatingReaction[]>([]);

/** This person's user id, once known. */
export const $myId = computed($me, (me) => me?.id ?? null);
export const $isLeader = computed([$room, $myId], (room, me) => !!room && !!me && room.leader === me);

/** How long a reaction floats over the video. */
export const REACTION_FLOAT_MS = 3_000;
const NOTICE_MS = 4_000;

export const serverNow = (): number => Date.now() + clockOffset($clock.get());

let code: string | null = null;
let pingTimer: ReturnType<typeof setTimeout> | undefined;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;
let reactionKey = 0;
/** The episode change asked of the room and not yet answered (episode-ask.ts). */
let episodeAsk: EpisodeAsk | null = null;

export function notice(text: string): void {
  clearTimeout(noticeTimer);
  $roomNotice.set(text);
  noticeTimer = setTimeout(() => $roomNotice.set(null), NOTICE_MS);
}

function takeView(view: RoomView): void {
  const held = $room.get();
  if (held && held.code === view.code && held.version > view.version) return;
  episodeAsk = afterView(episodeAsk, view.episode);
  $room.set(view);
}

function takeMessages(lines: RoomMessage[]): void {
  const byId = new Map($roomMessages.get().map((m) => [m.id, m]));
  for (const m of lines) byId.set(m.id, m);
  $roomMessages.set([...byId.values()].sort((a, b) => a.id - b.id));
}

function stopFollowing(problem: string): void {
  $roomProblem.set(problem);
  clearTimeout(pingTimer);
  closeRoomSocket();
}

/** The refusals of joining the room's news that end the page's following of it (the room ended, the person was removed or left). */
const FATAL: Record<string, string> = { notFound: ROOM_MESSAGES.notFound, removed: ROOM_MESSAGES.removed, notMember: ROOM_MESSAGES.notMember };

function receive(e: RoomEvent): void {
  switch (e.event) {
    case 'room': takeView(e.room); break;
    case 'message': takeMessages([e.message]); break;
    case 'reaction': {
      const key = ++reactionKey;
      $reactions.set([...$reactions.get(), { key, emoji: e.emoji, user: e.user, across: 0.1 + Math.random() * 0.8 }]);
      setTimeout(() => $reactions.set($reactions.get().filter((r) => r.key !== key)), REACTION_FLOAT_MS);
      break;
    }
    case 'pong': {
      const sample = sampleOf(e.sent, Date.now(), e.server);
      if (sample) $clock.set(addSample($clock.get(), sample));
      break;
    }
    case 'removed': stopFollowing(ROOM_MESSAGES.removed); break;
    case 'error': {
      console.warn('room refused:', e.action, e.code);
      // A refused ask may be asked again at once.
      if (e.action === 'episode') episodeAsk = null;
      const fatal = e.action === 'join' ? FATAL[e.code] : undefined;
      if (fatal) stopFollowing(fatal);
      else if (e.action === 'message') $sendProblem.set(e.message);
      else notice(e.message);
      break;
    }
    default: break;
  }
}

function ping(): void {
  clearTimeout(pingTimer);
  const rtt = reportedRtt($clock.get());
  sendRoomCommand(rtt === undefined ? { action: 'ping', sent: Date.now() } : { action: 'ping', sent: Date.now(), rtt });
  pingTimer = setTimeout(ping, nextPingIn($clock.get()));
}

/** The socket opened: join the room's news; after an absence, read what was missed first. */
async function opened(again: boolean): Promise<void> {
  if (!code) return;
  // What was asked on the connection that closed may never have reached the room.
  episodeAsk = null;
  if (again) {
    try {
      const { room, messages } = await joinRoom(code);
      takeView(room);
      takeMessages(messages);
    } catch (err) {
      const problem = enterProblem(err);
      if (problem) return stopFollowing(problem);
      console.error(err);
    }
  }
  sendRoomCommand({ action: 'join' });
  ping();
}

/** What entering answered with, as the page says it; null for a failure worth another try. */
function enterProblem(err: unknown): string | null {
  if (!(err instanceof DirectusRequestError)) return null;
  if (err.status === 404) return ROOM_MESSAGES.notFound;
  if (err.status === 403) return ROOM_MESSAGES.removed;
  if (err.status === 409) return reasonOf(err, ROOM_MESSAGES.full);
  return null;
}

async function enter(roomCode: string): Promise<void> {
  code = roomCode;
  $roomProblem.set(null);
  const [entered] = await Promise.all([joinRoom(roomCode), loadMe()]);
  const title = await readRoomTitle(entered.room.title.id);
  $roomModel.set(playerModel(title));
  takeView(entered.room);
  takeMessages(entered.messages);
  // Closing the page leaves no line: the member shows as disconnected, and may come back.
  openRoomSocket(roomCode, { opened: (again) => void opened(again), event: receive });
}

/** Leaves the room for good (the link lets the person in again) and goes to the title's page. */
export const leavingRoom = task(async () => {
  const room = $room.get();
  if (!code || !room) return;
  await leaveRoom(code);
  clearTimeout(pingTimer);
  closeRoomSocket();
  location.assign(`/${room.title.slug}`);
  await new Promise<never>(() => undefined);
}, 'Не удалось выйти из комнаты. Попробуйте ещё раз.');

/** Entering the room of the page's address. A refusal (no such room, removed, full) is the page's problem, not a retry. */
export const entering = task(async (roomCode: string) => {
  // An address without a code's shape names no room: nothing to ask the backend.
  if (!ROOM_CODE_PATTERN.test(roomCode)) return $roomProblem.set(ROOM_MESSAGES.notFound);
  try {
    await enter(roomCode);
  } catch (err) {
    const problem = enterProblem(err);
    if (!problem) throw err;
    $roomProblem.set(problem);
  }
}, 'Не удалось войти в комнату. Попробуйте ещё раз.');

const NO_CONNECTION = 'Нет связи с комнатой: команда не отправлена.';

/** Sends a command of the room; false, said to the person, when there is no connection to send it on. */
function sent(c: RoomCommand): boolean {
  if (sendRoomCommand(c)) return true;
  console.warn('room command not sent:', c.action);
  notice(NO_CONNECTION);
  return false;
}

/** A command of the room; said to the person when there is no connection to send it on. */
export function command(c: RoomCommand): void {
  sent(c);
}

/**
 * Asks the room for an episode, once: the same ask again before the room answers (a slow server,
 * a second click, the end of the episode after the click) sends nothing more.
 */
export function askEpisode(episode: number, reason?: 'next'): void {
  const room = $room.get();
  const now = Date.now();
  if (!room || repeatsAsk(episodeAsk, episode, room.episode, now)) return;
  if (sent(reason ? { action: 'episode', episode, reason } : { action: 'episode', episode })) episodeAsk = { episode, from: room.episode, at: now };
}

/** A chat line's refusal by the backend (pace, length). */
export const $sendProblem = atom<string | null>(null);

export function dismissSendProblem(): void {
  if ($sendProblem.get() !== null) $sendProblem.set(null);
}

export const sendingLine = task(async (text: string, replyTo: number | null) => {
  $sendProblem.set(null);
  if (!sendRoomCommand({ action: 'message', text, replyTo })) throw new Error(NO_CONNECTION);
}, NO_CONNECTION);

export function react(emoji: string): void {
  if ((ROOM_REACTIONS as readonly string[]).includes(emoji)) command({ action: 'react', emoji });
}

/** The room's link to the clipboard; the button says so for a moment. */
export const $linkCopied = atom(false);
export const copyingLink = task(async () => {
  await navigator.clipboard.writeText(location.href.split('#')[0] ?? location.href);
  $linkCopied.set(true);
  setTimeout(() => $linkCopied.set(false), 2_000);
}, 'Не удалось скопировать ссылку: скопируйте адрес страницы.');

export function playBlocked(is: boolean): void {
  $playBlocked.set(is);
}
