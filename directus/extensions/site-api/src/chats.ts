/**
 * A person's private chats in one answer (GET /site/chats): the other person (public profile, online
 * within 2 minutes once they have written in the chat), the last message and how many messages of
 * theirs are unread, newest activity first, with the total unread for the profile icon. A chat with
 * no message yet is listed to its creator alone (chat-presence.ts). POST /site/chats/:id/read marks a chat read up
 * to now. Members only: rows are read with the caller's own permissions.
 */
import { ForbiddenError } from '@directus/errors';
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Router } from 'express';
import { CHAT_ONLINE_WINDOW_MS } from '../../../../shared/rules.ts';
import { chatMembers } from '../../shared/chats.ts';
import { handle } from '../../shared/route-handler.ts';
import { chatShown } from './chat-presence.ts';


const PERSON_FIELDS = ['id', 'login', 'avatar', 'nameColor.nameColor', 'nameColor.nameEffect', 'frame.frameMessage'];
const MESSAGE_FIELDS = ['id', 'text', 'deleted', 'date_created', 'user_created', 'privateChat'];

const ms = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(String(value)));
const isOnline = (lastAccess: unknown, now: number) => !!lastAccess && now - ms(lastAccess) <= CHAT_ONLINE_WINDOW_MS;

export function registerChatRoutes(router: Router, { database, services, getSchema }: EndpointExtensionContext): void {
  router.get('/chats', handle(async (req, res) => {
    const accountability = req.accountability;
    const me = accountability?.user;
    if (!accountability || !me) throw new ForbiddenError();
    const memberOf: { id: number; user_created: string; invited: string; date_created: unknown }[] = await database('chats as c')
      .join('chats_directus_users as j', 'j.chats_id', 'c.id')
      .where((q) => q.where('c.user_created', me).orWhere('j.directus_users_id', me))
      .select('c.id', 'c.user_created', { invited: 'j.directus_users_id' }, 'c.date_created');
    // Who has written in each chat, deleted messages too: they decide what the chat shows (chat-presence.ts).
    const writerRows: { privateChat: number; user_created: string }[] = memberOf.length
      ? await database('messages').whereIn('privateChat', memberOf.map((r) => r.id)).distinct('privateChat', 'user_created')
      : [];
    const writers = new Map<number, Set<string>>();
    for (const w of writerRows) writers.set(Number(w.privateChat), (writers.get(Number(w.privateChat)) ?? new Set()).add(w.user_created));
    const rows = memberOf
      .map((r) => {
        const other = r.user_created === me ? r.invited : r.user_created;
        return { ...r, other, shown: chatShown({ creator: r.user_created, other }, me, writers.get(r.id) ?? new Set()) };
      })
      .filter((r) => r.shown.listed);
    if (!rows.length) {
      res.json({ data: [], meta: { unread: 0 } });
      return;
    }
    const ids = rows.map((r) => r.id);
    const lastIds: number[] = await database('messages').whereIn('privateChat', ids).groupBy('privateChat').max({ id: 'id' }).then((r) => r.map((x) => Number(x.id)));
    const unreadRows: { chat: number; unread: number | string }[] = await database('messages as m')
      .leftJoin('chatReads as r', (j) => j.on('r.chat', 'm.privateChat').andOn('r.user_created', database.raw('?', [me])))
      .whereIn('m.privateChat', ids)
      .whereNot('m.user_created', me)
      .where('m.deleted', false)
      .where((q) => q.whereNull('r.lastRead').orWhereRaw('?? > ??', ['m.date_created', 'r.lastRead']))
      .groupBy('m.privateChat')
      .select({ chat: 'm.privateChat' })
      .count({ unread: 'm.id' })
      .then((r) => r.map((x) => ({ chat: Number((x as { chat?: unknown }).chat), unread: Number(x.unread) })));
    const unread = new Map(unreadRows.map((r) => [Number(r.chat), Number(r.unread)]));

    const schema = await getSchema();
    const others = rows.map((r) => r.other);
    const people = await new services.ItemsService('directus_users', { schema, accountability }).readMany(others, { fields: PERSON_FIELDS });
    // When each was last seen stays here: the list says only whether they are online.
    const seenRows: { id: string; last_access: unknown }[] = await database('directus_users').whereIn('id', others).select('id', 'last_access');
    const lastSeen = new Map(seenRows.map((u) => [u.id, u.last_access]));
    const messages = lastIds.length
      ? await new services.ItemsService('messages', { schema, accountability }).readMany(lastIds, { fields: MESSAGE_FIELDS })
      : [];
    const now = Date.now();
    const chats = rows.map((r) => {
      const person = people.find((p) => p.id === r.other) ?? null;
      const last = messages.find((m) => Number(m.privateChat) === r.id) ?? null;
      return {
        id: r.id,
        with: person,
        // Of one whose profile may not be shown (a suspended account), no presence either.
        online: r.shown.presence && person !== null && isOnline(lastSeen.get(r.other), now),
        lastMessage: last,
        unread: unread.get(r.id) ?? 0,
        activity: ms(last?.date_created ?? r.date_created),
      };
    }).sort((a, b) => b.activity - a.activity);
    res.json({ data: chats.map(({ activity: _a, ...chat }) => chat), meta: { unread: chats.reduce((n, c) => n + c.unread, 0) } });
  }));

  router.post('/chats/:id/read', handle(async (req, res) => {
    const me = req.accountability?.user;
    const chat = Number(req.params.id);
    const members = me && Number.isSafeInteger(chat) ? await chatMembers(database, chat) : null;
    if (!me || !members?.includes(me)) throw new ForbiddenError();
    await database('chatReads').insert({ chat, user_created: me, lastRead: new Date() }).onConflict(['user_created', 'chat']).merge(['lastRead']);
    res.status(204).end();
  }));
}
