/**
 * A person's like or dislike of a review, reply, post or post comment, set as a whole:
 * - PUT /site/reactions { comment | post, type: 'like' | 'dislike' | null } makes theirs that type,
 *   or removes it: the same call twice changes nothing, so a double click or a second tab never
 *   counts twice. It answers their reaction before and after ({ id, type } or null).
 * - GET /site/reactions/mine?title=ID or ?posts=1,2,3 — their own reactions on a title's reviews,
 *   or on those posts and the comments under them, so the screens show which one they pressed.
 * Every write goes through Directus as the caller: their permissions (create; update the type and
 * delete only their own), the rules of site-rules (not on their own words, only on what visitors
 * see) and the live events all apply. One reaction per person and target is the database's unique
 * index; a write that meets another tab's is read again and done once more. A person sets at most
 * PACE.reaction a minute, however they write (site-rules paces every create, change and removal).
 */
import { ForbiddenError, InvalidPayloadError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import { REACTION_TYPES } from '../../../../shared/rules.ts';
import type { Accountability } from '../../shared/directus.ts';
import { numberKeyOf } from '../../shared/keys.ts';
import { type Caller, handle } from '../../shared/route-handler.ts';

type ReactionType = (typeof REACTION_TYPES)[number];
type Target = { comment: number } | { post: number };
interface Held { id: number; type: ReactionType }

/** How many posts one read of one's reactions may name: a profile shows ten at a time. */
const POSTS_MAX = 100;
/** Tries of a write that raced another tab's. */
const TRIES = 3;

const invalid = (reason: string) => new InvalidPayloadError({ reason });
function callerOf(req: Caller): { me: string; accountability: Accountability } {
  const accountability = req.accountability;
  if (!accountability?.user) throw new ForbiddenError();
  return { me: accountability.user, accountability };
}

function targetOf(body: Record<string, unknown>): Target {
  const comment = numberKeyOf(body.comment);
  const post = numberKeyOf(body.post);
  if ((comment === null) === (post === null)) throw invalid('Реакция ставится либо на комментарий, либо на запись');
  return comment !== null ? { comment } : { post: post! };
}

function typeOf(value: unknown): ReactionType | null {
  if (value === null) return null;
  if (typeof value === 'string' && (REACTION_TYPES as readonly string[]).includes(value)) return value as ReactionType;
  throw invalid('Реакция может быть только like, dislike или null');
}

/** Whole-number ids separated by commas, at most `max`. */
function idList(value: unknown, max: number): number[] {
  if (typeof value !== 'string' || !/^\d{1,16}(,\d{1,16})*$/.test(value)) throw invalid('Укажите номера через запятую');
  const ids = [...new Set(value.split(',').map(Number))];
  if (ids.length > max) throw invalid(`Не больше ${max} записей за раз`);
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw invalid('Неверный идентификатор');
  return ids;
}

export function registerReactionRoutes(router: Router, { database, services, getSchema }: EndpointExtensionContext): void {
  const held = async (me: string, target: Target): Promise<Held | null> => {
    const row = await database('reactions').where({ ...target, user_created: me }).first('id', 'type');
    return row ? { id: Number(row.id), type: row.type } : null;
  };

  router.put('/reactions', handle(async (req, res) => {
    const { me, accountability } = callerOf(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw invalid('Ожидается объект');
    const target = targetOf(body);
    const type = typeOf(body.type);
    const items = new services.ItemsService('reactions', { schema: await getSchema(), knex: database, accountability });
    for (let attempt = 1; ; attempt++) {
      const before = await held(me, target);
      try {
        if (type === null) {
          if (before) await items.deleteOne(before.id);
          res.json({ data: { before, after: null } });
        } else if (!before) {
          const id = Number(await items.createOne({ type, ...target }));
          res.json({ data: { before, after: { id, type } } });
        } else {
          if (before.type !== type) await items.updateOne(before.id, { type });
          res.json({ data: { before, after: { id: before.id, type } } });
        }
        return;
      } catch (err) {
        // Another tab's write came between the read and this one: start again from what is stored now.
        const now = await held(me, target);
        const raced = now?.id !== before?.id || now?.type !== before?.type;
        if (!raced || attempt >= TRIES) throw err;
      }
    }
  }));

  router.get('/reactions/mine', handle(async (req, res) => {
    const { me } = callerOf(req);
    const { title, posts } = req.query;
    const mine = database('reactions as r').where('r.user_created', me).select('r.id', 'r.type', 'r.comment', 'r.post');
    if (title !== undefined && posts === undefined) {
      const titleId = numberKeyOf(typeof title === 'string' ? title : undefined);
      if (titleId === null) throw invalid('Укажите сериал или фильм');
      mine.whereIn('r.comment', database('comments').where('title', titleId).select('id'));
    } else if (posts !== undefined && title === undefined) {
      const ids = idList(posts, POSTS_MAX);
      mine.where((q) => q.whereIn('r.post', ids).orWhereIn('r.comment', database('comments').whereIn('post', ids).select('id')));
    } else {
      throw invalid('Укажите либо title, либо posts');
    }
    const rows: { id: unknown; type: ReactionType; comment: unknown; post: unknown }[] = await mine;
    const key = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    res.json({ data: rows.map((r) => ({ id: Number(r.id), type: r.type, comment: key(r.comment), post: key(r.post) })) });
  }));
}
