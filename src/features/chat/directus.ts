/**
 * The chat's calls: a chat's messages a page at a time, sending, editing
 * and deleting (by marking) a message, the person's private chats with their unread counts, and
 * marking a chat read. Signed-in screens only; every call goes through the page's one client.
 */
import {
  createItem, customEndpoint, readAssetBlob, readItems, updateItem, type QueryFilter, type ReadItemOutput,
} from '@directus/sdk';
import { CHAT_PAGE_SIZE } from '../../lib/chat-constants.ts';
import { pageClient } from '../../lib/directus/client.ts';
import { CHAT_MESSAGE_FIELDS } from '../../lib/directus/fields.ts';
import { send } from '../../lib/directus/queries.ts';
import { wholeLists } from '../../lib/directus/whole-lists.ts';
import type { Message, Schema } from '../../lib/directus/schema.ts';

export type ChatMessage = ReadItemOutput<Schema, 'messages', { fields: typeof CHAT_MESSAGE_FIELDS }>;

/** The public chat, or a private chat by id. */
export type ChatKey = 'public' | number;

/** A private chat as the list shows it (GET /site/chats). */
export interface ChatSummary {
  id: number;
  with: {
    id: string;
    login: string | null;
    avatar: string | null;
    nameColor: { nameColor: string | null; nameEffect: string | null } | null;
    frame: { frameMessage: string | null } | null;
  } | null;
  /** Seen in 2 minutes; false until they have written in the chat (nobody watches someone through an empty chat). */
  online: boolean;
  lastMessage: { id: number; text: string | null; deleted: boolean | null; date_created: string | null; user_created: string | null } | null;
  unread: number;
}

export interface ChatList {
  chats: ChatSummary[];
  unread: number;
}

export function chatFilter(chat: ChatKey): QueryFilter<Schema, Message> {
  return chat === 'public' ? { publicChat: { _eq: true } } : { privateChat: { _eq: chat } };
}

/** The newest page of a chat, or the page before message `before`; newest first as the backend answers. */
export async function readChatMessages(chat: ChatKey, before?: number): Promise<ChatMessage[]> {
  const filter = before === undefined ? chatFilter(chat) : { _and: [chatFilter(chat), { id: { _lt: before } }] };
  return send(pageClient(), readItems('messages', {
    fields: CHAT_MESSAGE_FIELDS,
    filter,
    sort: ['-id'],
    limit: CHAT_PAGE_SIZE,
    deep: wholeLists<Message>(CHAT_MESSAGE_FIELDS),
  }), 'chat messages') as Promise<ChatMessage[]>;
}

export interface Outgoing {
  text: string;
  /** The message answered, if any. */
  replyTo?: number | null;
  /** Pictures already uploaded. */
  fileIds?: string[];
}

export async function sendChatMessage(chat: ChatKey, o: Outgoing): Promise<ChatMessage> {
  const images = (o.fileIds ?? []).map((id) => ({ directus_files_id: id }));
  return send(pageClient(), createItem('messages', {
    text: o.text,
    ...(chat === 'public' ? { publicChat: true } : { privateChat: chat }),
    ...(o.replyTo ? { message: o.replyTo } : {}),
    ...(images.length ? { images } : {}),
  }, { fields: CHAT_MESSAGE_FIELDS }), 'chat message') as Promise<ChatMessage>;
}

/** Saves a new text; edits change only the text. */
export async function editChatMessage(id: number, text: string): Promise<ChatMessage> {
  return send(pageClient(), updateItem('messages', id, { text }, { fields: CHAT_MESSAGE_FIELDS }), 'chat message edit') as Promise<ChatMessage>;
}

/** Deleting marks the message deleted: its text and pictures go for everyone. */
export async function deleteChatMessage(id: number): Promise<ChatMessage> {
  return send(pageClient(), updateItem('messages', id, { deleted: true }, { fields: CHAT_MESSAGE_FIELDS }), 'chat message deletion') as Promise<ChatMessage>;
}

export async function readChatList(): Promise<ChatList> {
  const answer = await send(pageClient(), customEndpoint<ChatSummary[]>({ path: '/site/chats', method: 'GET' }), 'chat list');
  const chats = Array.isArray(answer) ? answer : [];
  return { chats, unread: chats.reduce((n, c) => n + (c.unread ?? 0), 0) };
}

export async function markChatRead(chat: number): Promise<void> {
  await send(pageClient(), customEndpoint<void>({ path: `/site/chats/${chat}/read`, method: 'POST' }), 'chat read');
}

/**
 * A private chat's picture, read with the session's bearer header: its members alone may open it,
 * and an address must not carry the credential (it would stay in logs, history and Referer).
 */
export function readPrivatePicture(fileId: string): Promise<Blob> {
  return send(pageClient(), readAssetBlob(fileId), 'chat picture');
}
