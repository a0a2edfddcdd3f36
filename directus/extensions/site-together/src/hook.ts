/**
 * Watching together over Directus's websocket. A `websocket.message` filter serves frames of type
 * 'together' (room-frames.ts) itself and leaves Directus `{ type: 'site-served' }`, which no handler
 * of Directus takes: `join` binds the socket to a room its person is a member of and answers the
 * RoomView; `ping` answers the server's clock; the room's commands are applied under its version
 * (room-store.ts) and told on the bus (room-news.ts), and each instance passes the news to its own
 * sockets (room-sockets.ts). Every kind is paced per person. A socket that closes takes its member
 * offline unless another socket of theirs is bound to the room (on any instance: an instance that
 * holds one answers the view showing them offline by bringing them back). On a schedule: the sockets
 * bound here are seen, members nobody has seen for a while (their instance died) go offline, and
 * rooms nobody has been in for ROOM_IDLE_MS are deleted with their members and messages.
 */
import { defineHook } from '@directus/extensions';
import type { Application } from 'express';
import type { Knex } from 'knex';
import { ROOM_IDLE_MS, ROOM_MESSAGES, positionAt, type RoomCommand, type RoomEvent } from '../../../../shared/together.ts';
import type { SegmentKind } from '../../../../shared/segments.ts';
import { episodeAfter } from '../../shared/watched-episodes.ts';
import { pace, type Pace } from '../../shared/pace.ts';
import { readBodiesFirst } from './body-first.ts';
import { changeRoom } from './room-changes.ts';
import { isRefusal, readFrame } from './room-frames.ts';
import { hearRooms, tellRoom } from './room-news.ts';
import { JOINS_TOO_FAST, skippedSegment, type RoomChange, type RoomRefusal } from './room-rules.ts';
import { segmentsOfEpisode } from './room-segments.ts';
import { RoomSockets, roomFrame, type Client, type Uid } from './room-sockets.ts';
import { flag, loadRoom, viewOf, writeMessage } from './room-store.ts';
import { envText } from '../../shared/env.ts';

/** What the filter leaves of a frame it served: Directus has no handler for it. */
const SERVED = { type: 'site-served' };
/** A member's round trip is kept in their row at most this often; the memory has the newest. */
const ROUND_TRIP_STORE_MS = 5_000;
/** Sockets bound here are seen this often; a member unseen for the stale time is offline. */
const DEFAULT_CHECK_CRON = '*/30 * * * * *';
const DEFAULT_STALE_MS = 90_000;
const FAILED = 'Не получилось. Попробуйте ещё раз';
/** The commands that say in the room's chat what their member did. */
const LINE_COMMANDS = new Set<string>(['play', 'pause', 'seek', 'episode', 'control', 'lead', 'remove', 'dont-wait']);

type Refusal = RoomRefusal | 'tooFast' | 'failed';

interface Paces { join: Pace; command: Pace; line: Pace; message: Pace; reaction: Pace; ping: Pace }

export default defineHook(({ filter, action, schedule, init }, { database, env, logger, getSchema }) => {
  const logError = (err: unknown) => logger.error(err);
  const sockets = new RoomSockets(logError);
  const paces: Paces = {
    join: pace('roomJoin', env, JOINS_TOO_FAST),
    command: pace('roomCommand', env, 'Слишком много команд подряд.'),
    line: pace('roomLine', env, ''),
    message: pace('roomMessage', env, 'Слишком много сообщений подряд.'),
    reaction: pace('roomReaction', env, 'Слишком много реакций подряд.'),
    ping: pace('roomPing', env, 'Слишком много замеров подряд.'),
  };
  const staleMs = Number(env.TOGETHER_STALE_MS) || DEFAULT_STALE_MS;

  const roundTrips = new Map<string, { rtt: number; stored: number }>();
  const roundTripOf = (room: string, user: string) => roundTrips.get(`${room} ${user}`)?.rtt;

  /** Brings back people bound here whom a view shows offline (their other socket closed elsewhere). */
  const healing = new Set<string>();
  const bringBack = (room: string, user: string) => {
    const key = `${room} ${user}`;
    if (healing.has(key)) return;
    healing.add(key);
    changeRoom(database, room, user, { action: 'online' }, roundTripOf).catch(logError).finally(() => healing.delete(key));
  };
  const goOffline = (room: string, user: string) => {
    changeRoom(database, room, user, { action: 'offline' }, roundTripOf).catch(logError);
    roundTrips.delete(`${room} ${user}`);
  };
  hearRooms((news) => {
    const { offline, signedOut } = sockets.deliver(news);
    for (const user of offline) bringBack(news.room, user);
    for (const user of signedOut) goOffline(news.room, user);
  });

  const answer = (client: Client, room: string | undefined, uid: Uid, event: RoomEvent) => {
    try {
      client.send(roomFrame(room ?? '', uid, event));
    } catch (err) {
      logError(err);
    }
  };
  const refuse = (client: Client, room: string | undefined, uid: Uid, action: string, code: Refusal, message?: string) =>
    answer(client, room, uid, { event: 'error', action, code, message: message ?? (code === 'failed' ? FAILED : code === 'tooFast' ? '' : ROOM_MESSAGES[code]) });

  /** Takes one from the person's allowance, or tells them to wait. */
  async function paced(p: Pace, user: string, client: Client, room: string, uid: Uid, action: string): Promise<boolean> {
    try {
      await p.take(user);
      return true;
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      if (status !== 429) throw err;
      refuse(client, room, uid, action, 'tooFast', (err as Error).message);
      return false;
    }
  }

  async function touch(pairs: { room: string; user: string }[]): Promise<void> {
    const now = Date.now();
    const byRoom = new Map<string, string[]>();
    for (const { room, user } of pairs) byRoom.set(room, [...(byRoom.get(room) ?? []), user]);
    for (const [code, users] of byRoom) {
      await database('togetherMembers').whereIn('room', database('togetherRooms').where({ code }).select('id')).whereIn('user', users).update({ seen: now });
    }
  }

  async function storeRoundTrip(room: string, user: string, rtt: number): Promise<void> {
    const key = `${room} ${user}`;
    const had = roundTrips.get(key);
    const now = Date.now();
    roundTrips.set(key, { rtt, stored: had && now - had.stored < ROUND_TRIP_STORE_MS ? had.stored : now });
    if (had && now - had.stored < ROUND_TRIP_STORE_MS) return;
    await database('togetherMembers').whereIn('room', database('togetherRooms').where({ code: room }).select('id')).where({ user }).update({ roundTrip: rtt, seen: now });
  }

  async function join(client: Client, user: string, room: string, uid: Uid): Promise<void> {
    const loaded = await loadRoom(database, room);
    const row = loaded?.rows.get(user);
    if (!loaded || !row) return refuse(client, room, uid, 'join', 'notFound');
    if (flag(row.removed)) return refuse(client, room, uid, 'join', 'removed');
    if (flag(row.left)) return refuse(client, room, uid, 'join', 'notMember');
    sockets.bind(room, client, user, uid, viewOf(loaded, loaded.state));
    await touch([{ room, user }]);
    const applied = await changeRoom(database, room, user, { action: 'online' }, roundTripOf);
    if (!applied || !applied.outcome.ok) {
      sockets.unbind(room, client);
      return refuse(client, room, uid, 'join', applied && !applied.outcome.ok ? applied.outcome.refusal : 'notFound');
    }
    answer(client, room, uid, { event: 'room', room: applied.view });
  }

  /** Whether `user` may still have their commands told in the room's chat. */
  async function speaks(user: string): Promise<boolean> {
    try {
      await paces.line.take(user);
      return true;
    } catch (err) {
      if ((err as { status?: unknown }).status !== 429) throw err;
      return false;
    }
  }

  /** The segment a seek to `to` skips in the room's episode, as the room stands now; null when it skips none. */
  async function skipOf(room: string, to: number): Promise<SegmentKind | null> {
    const loaded = await loadRoom(database, room);
    if (!loaded || loaded.state.episode === null) return null;
    const { segments, length } = await segmentsOfEpisode(database, loaded.state.episode);
    return skippedSegment(segments, length, positionAt(loaded.state.moment, Date.now()), to);
  }

  async function episodeChange(room: string, episode: number, askedNext: boolean): Promise<RoomChange | null> {
    // Of the room's title while it is published: after that, no episode id says anything of it.
    const row = await database('togetherRooms as r')
      .join('titles as t', 't.id', 'r.title')
      .join('series as s', 's.title', 'r.title')
      .where('r.code', room)
      .where('t.status', 'published')
      .where('s.id', episode)
      .where((q) => q.where('s.deleted', false).orWhereNull('s.deleted'))
      .where((q) => q.where('s.takenDown', false).orWhereNull('s.takenDown'))
      .first('s.name as name', 'r.title as title', 'r.episode as current');
    if (!row) return null;
    // «…включил следующую серию» only of the episode that does come next.
    const next = askedNext && row.current !== null && (await episodeAfter(database, Number(row.title), Number(row.current), false)) === episode;
    return { action: 'episode', episode, name: String(row.name), next };
  }

  async function message(client: Client, user: string, room: string, uid: Uid, command: Extract<RoomCommand, { action: 'message' }>): Promise<void> {
    if (!(await paced(paces.message, user, client, room, uid, 'message'))) return;
    const loaded = await loadRoom(database, room);
    if (!loaded || !loaded.state.members.some((m) => m.id === user)) return refuse(client, room, uid, 'message', 'notMember');
    const replyTo = command.replyTo ?? null;
    if (replyTo !== null && !(await database('togetherMessages').where({ id: replyTo, room: loaded.id }).first('id'))) {
      return refuse(client, room, uid, 'message', 'badCommand');
    }
    const written = await writeMessage(database, loaded.id, { kind: 'text', user, text: command.text, replyTo }, new Date());
    await tellRoom({ room, messages: [written] });
  }

  async function handle(client: Client, frame: Record<string, unknown>): Promise<void> {
    const read = readFrame(frame);
    if (isRefusal(read)) return refuse(client, read.room, read.uid, read.action, read.code);
    const { room, uid, command } = read;
    const user = client.accountability?.user;
    if (!user) return refuse(client, room, uid, command.action, 'signIn');
    if (command.action === 'join') {
      if (!(await paced(paces.join, user, client, room, uid, 'join'))) return;
      return join(client, user, room, uid);
    }
    if (command.action === 'ping') {
      if (!(await paced(paces.ping, user, client, room, uid, 'ping'))) return;
      answer(client, room, uid, { event: 'pong', sent: command.sent, server: Date.now() });
      if (command.rtt !== undefined && sockets.boundAs(room, client) === user) await storeRoundTrip(room, user, command.rtt);
      return;
    }
    // Everything else is a member's, on a socket bound to that room as them.
    if (sockets.boundAs(room, client) !== user) return refuse(client, room, uid, command.action, 'notMember');
    if (command.action === 'message') return message(client, user, room, uid, command);
    if (command.action === 'react') {
      if (!(await paced(paces.reaction, user, client, room, uid, 'react'))) return;
      if (!sockets.isMember(room, user)) return refuse(client, room, uid, 'react', 'notMember');
      return tellRoom({ room, reaction: { user, emoji: command.emoji } });
    }
    if (!(await paced(paces.command, user, client, room, uid, command.action))) return;
    let change: RoomChange | null;
    if (command.action === 'episode') change = await episodeChange(room, command.episode, command.reason === 'next');
    else if (command.action === 'seek') {
      const skipped = command.reason === 'skip' ? await skipOf(room, command.position) : null;
      change = skipped ? { action: 'seek', position: command.position, skipped } : { action: 'seek', position: command.position };
    } else change = command;
    if (!change) return refuse(client, room, uid, 'episode', 'badEpisode');
    const quiet = LINE_COMMANDS.has(command.action) && !(await speaks(user));
    const applied = await changeRoom(database, room, user, change, roundTripOf, { quiet });
    if (!applied) return refuse(client, room, uid, command.action, 'notFound');
    if (!applied.outcome.ok) return refuse(client, room, uid, command.action, applied.outcome.refusal);
  }

  // One socket's frames are served in the order they came: a play and a pause never swap.
  const queues = new WeakMap<Client, Promise<void>>();
  filter('websocket.message', (frame: Record<string, unknown>, meta) => {
    if (frame?.type !== 'together') return frame;
    const client = meta.client as Client | undefined;
    if (!client) return SERVED;
    const work = (queues.get(client) ?? Promise.resolve()).then(() => handle(client, frame)).catch((err: unknown) => {
      logError(err);
      const action = typeof frame.action === 'string' && frame.action.length <= 20 ? frame.action : 'together';
      const room = typeof frame.room === 'string' && frame.room.length <= 22 ? frame.room : undefined;
      refuse(client, room, undefined, action, 'failed');
    });
    queues.set(client, work);
    return work.then(() => SERVED);
  });

  const closed = (meta: Record<string, unknown>) => {
    const client = meta.client as Client | undefined;
    if (!client) return;
    for (const { room, user } of sockets.forget(client)) goOffline(room, user);
  };
  action('websocket.close', closed);
  action('websocket.error', closed);

  /** Members unseen for the stale time go offline (their instance stopped); idle rooms go. */
  async function sweep(database: Knex): Promise<void> {
    const now = Date.now();
    const stale: { code: string; user: string }[] = await database('togetherMembers as m')
      .join('togetherRooms as r', 'r.id', 'm.room')
      .whereNot('m.state', 'offline')
      .where((q) => q.whereNull('m.seen').orWhere('m.seen', '<', now - staleMs))
      .select('r.code as code', 'm.user as user');
    const here = new Set(sockets.boundPeople().map((p) => `${p.room} ${p.user}`));
    for (const { code, user } of stale) {
      if (!here.has(`${code} ${user}`)) await changeRoom(database, code, user, { action: 'offline' }, roundTripOf);
    }
    // A room whose title is no longer published answers nobody, so nobody's leaving marks it empty:
    // its idle time counts from now, and it goes a day later unless the title comes back and someone with it.
    await database('togetherRooms').whereNull('emptySince').whereNotIn('title', database('titles').where('status', 'published').select('id')).update({ emptySince: now });
    const idle = database('togetherRooms').whereNotNull('emptySince').where('emptySince', '<', now - ROOM_IDLE_MS).select('id');
    await database('togetherMessages').whereIn('room', idle.clone()).delete();
    await database('togetherMembers').whereIn('room', idle.clone()).delete();
    await database('togetherRooms').whereIn('id', idle.clone()).delete();
  }

  // On a first start the schedule can come before the schema is applied: nothing to do yet.
  const applied = async () => Boolean((await getSchema()).collections.togetherRooms);
  const check = async () => {
    if (!(await applied())) return;
    // A socket signed out stays open as a visitor's: its person is no longer in the room.
    for (const { room, user } of sockets.dropSignedOut()) goOffline(room, user);
    await touch(sockets.boundPeople());
    await sweep(database);
  };
  schedule(envText(env, 'TOGETHER_CHECK_CRON') ?? DEFAULT_CHECK_CRON, () => check().catch(logError));
  init('middlewares.before', (meta) => readBodiesFirst(meta.app as Application, '/together'));
  init('app.after', () => {
    setTimeout(() => check().catch(logError), 1000).unref();
  });
});
