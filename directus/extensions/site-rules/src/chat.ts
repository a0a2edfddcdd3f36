/**
 * Chat: a private chat joins its creator and exactly one invited user, once; a message goes
 * to the public chat or to a private chat its author belongs to, and is never blank.
 */
import { TEXT_LIMITS } from '../../../../shared/rules.ts';
import { isPrivileged } from '../../shared/accountability.ts';
import { ForbiddenError } from '@directus/errors';
import type { Pace } from '../../shared/pace.ts';
import { invalid, forbidden } from '../../shared/errors.ts';
import { chatMembers } from '../../shared/chats.ts';
import { keyOf, numberKeyOf } from '../../shared/keys.ts';
import { editsText, removePictures, tombstoneUpdate } from './tombstones.ts';
import { NOT_TEXT } from './values.ts';
import { showsSomething } from '../../../../shared/visible-text.ts';
import type { Knex } from 'knex';
import type { Register } from './types.ts';

/** Invited user ids from the shapes Directus accepts for an m2m: a list or `{ create: [...] }`. */
function invitedIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : (value as { create?: unknown[] } | null)?.create ?? [];
  return list
    .map((entry) => (typeof entry === 'string' ? entry : keyOf((entry as { directus_users_id?: unknown })?.directus_users_id)))
    .filter((id): id is string => typeof id === 'string');
}


function messageText(value: unknown, hasImages: boolean): string {
  if (value !== null && value !== undefined && typeof value !== 'string') invalid(NOT_TEXT);
  const text = typeof value === 'string' ? value.trim() : '';
  if (!showsSomething(text) && !hasImages) invalid('Сообщение не может быть пустым');
  if (text.length > TEXT_LIMITS.message) invalid(`Сообщение длиннее ${TEXT_LIMITS.message} символов`);
  return text;
}

function hasImages(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Array.isArray((value as { create?: unknown[] } | null)?.create) && (value as { create: unknown[] }).create.length > 0;
}

/** Refuses a chat with someone who is not an active member, or with whom `me` already has one. */
async function checkPartner(database: Knex, me: string, other: string): Promise<void> {
  const exists = await database('directus_users').where({ id: other, status: 'active' }).first('id');
  if (!exists) invalid('Пользователь не найден');
  const shared = await database('chats as c')
    .join('chats_directus_users as j', 'j.chats_id', 'c.id')
    .where((q) => q.where({ 'c.user_created': me, 'j.directus_users_id': other }).orWhere({ 'c.user_created': other, 'j.directus_users_id': me }))
    .first('c.id');
  if (shared) invalid('Чат с этим пользователем уже есть');
}

export interface ChatPaces {
  /** New messages: PACE.message a person. */
  message: Pace;
  /** Edits, shown live to every reader of the chat. */
  edit: Pace;
  /** Private chats opened: PACE.chatOpen a person. */
  open: Pace;
}

export function registerChatRules({ filter, action }: Register, deleteFiles: (ids: string[]) => Promise<void>, paces: ChatPaces): void {
  filter('chats.items.create', async (payload, _meta, { database, accountability }) => {
    if (isPrivileged(accountability)) return payload;
    const me = accountability!.user!;
    const invited = invitedIds(payload.user_invited);
    if (invited.length !== 1 || invited[0] === me) invalid('Личный чат создаётся с одним другим пользователем');
    const other = invited[0];
    await paces.open.take(me);
    await checkPartner(database, me, other);
    return { ...payload, user_invited: [{ directus_users_id: other }] };
  });

  /**
   * Members are added to a chat only while it is created (the one invited row of a chat its
   * creator just started, before any message). Without this, anyone could POST a junction row and
   * join a private chat, and a chat whose invited member left could be handed, with its past, to
   * someone else.
   */
  filter('chats_directus_users.items.create', async (payload, _meta, { database, accountability }) => {
    if (isPrivileged(accountability)) return payload;
    const me = accountability!.user!;
    const chatId = keyOf(payload.chats_id);
    const other = keyOf(payload.directus_users_id);
    const chat = chatId === null ? null : await database('chats').where('id', chatId).first('user_created');
    const invited = chatId === null ? [] : await database('chats_directus_users').where('chats_id', chatId).pluck('id');
    const written = chatId === null ? null : await database('messages').where('privateChat', chatId).first('id');
    if (!chat || chat.user_created !== me || invited.length > 0 || written || typeof other !== 'string' || other === me) forbidden();
    await checkPartner(database, me, other);
    return payload;
  });

  filter('messages.items.create', async (payload, _meta, { database, accountability }) => {
    const text = messageText(payload.text, hasImages(payload.images));
    const privateChat = numberKeyOf(payload.privateChat);
    const replyTo = numberKeyOf(payload.message);
    if (!isPrivileged(accountability) && accountability?.user) await paces.message.take(accountability.user);
    if (privateChat !== null && !isPrivileged(accountability)) {
      const members = await chatMembers(database, privateChat);
      if (!members || !members.includes(accountability!.user!)) forbidden();
    }
    if (replyTo !== null) {
      const parent = await database('messages').where('id', replyTo).first('privateChat');
      if (!parent || (parent.privateChat ?? null) !== privateChat) invalid('Ответить можно только на сообщение этого чата');
    }
    return { ...payload, text, privateChat, message: replyTo, publicChat: privateChat === null };
  });

  /**
   * Deleting a message is marking it deleted: its text and pictures go, the row stays as a
   * tombstone. Directus tells every subscriber of a collection the ids of deleted rows, whoever
   * may read them; an update reaches only those who may read the row, the chat's members.
   */
  filter('messages.items.update', async (payload, meta, { database, accountability }) => {
    const checked = await tombstoneUpdate(payload, meta.keys ?? [], 'messages', database, MESSAGE_TOMBSTONE, (text) => messageText(text, false));
    if (editsText(checked) && !isPrivileged(accountability) && accountability?.user) await paces.edit.take(accountability.user, meta.keys?.length);
    return checked;
  });

  action('messages.items.update', async ({ keys, payload }, { database }) => {
    if (payload?.deleted === true) await removePictures(database, 'messages_files', 'messages_id', keys ?? [], deleteFiles);
  });

  for (const collection of REMOVED_BY_MARKING) {
    filter(`${collection}.items.delete`, (keys, _meta, { accountability }) => {
      if (accountability) throw new ForbiddenError({ reason: 'Сообщения и чаты не удаляются: сообщение отмечают удалённым (deleted)' });
      return keys;
    });
  }
}

const MESSAGE_TOMBSTONE = { noRestore: 'Удалённое сообщение не восстанавливается', gone: 'Сообщение удалено' };

/** Chats and their messages leave only with their people (database cascades, which announce nothing). */
export const REMOVED_BY_MARKING = ['messages', 'messages_files', 'chats', 'chats_directus_users'] as const;

