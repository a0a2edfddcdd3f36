/**
 * /together: `POST /together/rooms` {title, episode} makes a room of a published title's episode for
 * the signed-in caller, its leader and first member, and answers 201 {code}; `POST
 * /together/rooms/:code/join` makes the caller a member (once: coming back writes no line) and
 * answers {room: RoomView, messages: the latest lines}; `POST /together/rooms/:code/leave` ends
 * their membership. An unknown, malformed or expired code is one answer, 404, so codes cannot be
 * probed; a member the leader removed gets 403, a full room 409.
 */
import { randomBytes } from 'node:crypto';
import { defineEndpoint } from '@directus/extensions';
import { createError } from '@directus/errors';
import type { Knex } from 'knex';
import { isFalse } from '../../shared/unset-flag.ts';
import { ROOM_CODE_PATTERN, ROOM_MESSAGES } from '../../../../shared/together.ts';
import { jsonObjectBody } from '../../shared/json-body.ts';
import { pace } from '../../shared/pace.ts';
import { changeRoom } from './room-changes.ts';
import { JOINS_TOO_FAST, type RoomRefusal } from './room-rules.ts';
import { personOf, readPerson, recentMessages } from './room-store.ts';
import { type Caller, handle } from '../../shared/route-handler.ts';


const SignIn = createError('UNAUTHORIZED', ROOM_MESSAGES.signIn, 401);
const NotFound = createError('NOT_FOUND', ROOM_MESSAGES.notFound, 404);
const Removed = createError('FORBIDDEN', ROOM_MESSAGES.removed, 403);
const Full = createError('ROOM_FULL', ROOM_MESSAGES.full, 409);
const BadTitle = createError('INVALID_PAYLOAD', ROOM_MESSAGES.badTitle, 400);
const BadEpisode = createError('INVALID_PAYLOAD', ROOM_MESSAGES.badEpisode, 400);

function callerOf(req: Caller): string {
  const me = req.accountability?.user;
  if (!me) throw new SignIn();
  return me;
}

function codeOf(req: Caller): string {
  const code = req.params.code;
  if (typeof code !== 'string' || !ROOM_CODE_PATTERN.test(code)) throw new NotFound();
  return code;
}

const positiveId = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null);

/** The episode a room may play: of this title, neither kept for subscribers nor taken down. */
function playable(database: Knex, title: number): Knex.QueryBuilder {
  return database('series').where({ title }).where(isFalse('deleted')).where(isFalse('takenDown'));
}

function refusalError(refusal: RoomRefusal): Error {
  if (refusal === 'removed') return new Removed();
  if (refusal === 'full') return new Full();
  return new NotFound();
}

export default defineEndpoint({
  id: 'together',
  handler: (router, { database, env }) => {
    const creating = pace('roomCreate', env, 'Слишком много комнат подряд.');
    // Each entry writes a line every member hears: entering and leaving again and again flooded the room's chat.
    const joining = pace('roomJoin', env, JOINS_TOO_FAST);

    router.post('/rooms', handle(async (req, res) => {
      const me = callerOf(req);
      const body = await jsonObjectBody(req, res);
      const title = positiveId(body.title);
      if (title === null || !(await database('titles').where({ id: title, status: 'published' }).first('id'))) throw new BadTitle();
      const episode = body.episode === null || body.episode === undefined ? null : positiveId(body.episode);
      if (episode === null && body.episode !== null && body.episode !== undefined) throw new BadEpisode();
      // A title with episodes is watched by one of them; a film has none to name.
      if (episode !== null ? !(await playable(database, title).where({ id: episode }).first('id')) : await playable(database, title).first('id')) {
        throw new BadEpisode();
      }
      if (!req.accountability?.admin) await creating.take(me);
      const code = randomBytes(16).toString('base64url');
      const now = Date.now();
      await database.transaction(async (trx) => {
        const [inserted] = await trx('togetherRooms').insert({
          code, title, episode, leader: me, control: 'all', playing: false, position: 0, positionAt: now,
          waitingFor: JSON.stringify([]), waitingSince: null, version: 1, emptySince: now, date_created: new Date(now),
        }).returning('id');
        const room = typeof inserted === 'object' && inserted !== null ? (inserted as { id: unknown }).id : inserted;
        await trx('togetherMembers').insert({ room: Number(room), user: me, state: 'offline', removed: false, left: false, date_created: new Date(now) });
      });
      res.status(201).json({ data: { code } });
    }));

    router.post('/rooms/:code/join', handle(async (req, res) => {
      const me = callerOf(req);
      const code = codeOf(req);
      const person = await readPerson(database, me);
      if (!person) throw new SignIn();
      if (!req.accountability?.admin) await joining.take(me);
      const applied = await changeRoom(database, code, me, { action: 'enter', person: personOf(person) });
      if (!applied) throw new NotFound();
      if (!applied.outcome.ok) throw refusalError(applied.outcome.refusal);
      res.json({ data: { room: applied.view, messages: await recentMessages(database, applied.loaded.id) } });
    }));

    router.post('/rooms/:code/leave', handle(async (req, res) => {
      const me = callerOf(req);
      const code = codeOf(req);
      const applied = await changeRoom(database, code, me, { action: 'leave' });
      if (!applied || !applied.outcome.ok) throw new NotFound();
      res.json({ data: { left: true } });
    }));
  },
});
