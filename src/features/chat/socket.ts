/**
 * The chat's live news, on the page's kept socket (kept-socket.ts): subscribed on every opening to
 * the messages the person may read, created and updated (a deletion is an update: messages are
 * marked deleted); the backend sends each event only to those who may read the message.
 */
import { queryToParams } from '@directus/sdk';
import type { ChatMessage } from './directus.ts';
import { listenOnKeptSocket, sendOnKeptSocket, type SocketFrame } from '../../lib/directus/kept-socket.ts';
import { CHAT_MESSAGE_FIELDS } from '../../lib/directus/fields.ts';
import { wholeLists } from '../../lib/directus/whole-lists.ts';
import type { Message } from '../../lib/directus/schema.ts';

type Listener = (messages: ChatMessage[]) => void;
const listeners = new Set<Listener>();
const subscribedListeners = new Set<() => void>();

/** Called with every created or updated message the socket brings. */
export function onLiveMessages(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called each time the subscription is in place (first or again after the socket was away): what
 * was read before it, or sent while the socket was down, may have missed events.
 */
export function onSubscribed(listener: () => void): () => void {
  subscribedListeners.add(listener);
  return () => subscribedListeners.delete(listener);
}

const EVENTS = ['create', 'update'] as const;
const uidOf = (event: string) => `messages-${event}`;

function subscribeAll(): void {
  const query = queryToParams({ fields: [...CHAT_MESSAGE_FIELDS], deep: wholeLists<Message>(CHAT_MESSAGE_FIELDS) });
  for (const event of EVENTS) sendOnKeptSocket({ type: 'subscribe', collection: 'messages', event, query, uid: uidOf(event) });
}

function heard(frame: SocketFrame): void {
  if (frame.type === 'subscribe' && frame.error) console.warn('chat subscription:', (frame.error as { message?: string }).message);
  if (frame.type !== 'subscription' || !EVENTS.some((e) => frame.uid === uidOf(e))) return;
  if (frame.event === 'init' && frame.uid === uidOf('create')) subscribedListeners.forEach((l) => l());
  if ((frame.event === 'create' || frame.event === 'update') && Array.isArray(frame.data)) {
    const data = frame.data as ChatMessage[];
    listeners.forEach((l) => l(data));
  }
}

let listening = false;

/** Starts the chat's news, once a page, for a signed-in person. */
export function connectChat(): void {
  if (listening) return;
  listening = true;
  listenOnKeptSocket({ opened: subscribeAll, heard });
}
