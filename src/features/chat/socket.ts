/**
 * The chat's live connection (closed, connecting, open, error; it reconnects
 * after closing). One socket a page, subscribed on every opening to the messages the person may
 * read, created and updated (a deletion is an update: messages are marked deleted); the backend
 * sends each event only to those who may read the message. The SDK reconnects on its own; when
 * its retries are spent, the socket is tried again by the fallback poll, and when the tab comes
 * back or the network returns.
 */
import { queryToParams } from '@directus/sdk';
import { atom } from 'nanostores';
import type { ChatMessage } from './directus.ts';
import type { LiveSocket } from '../../lib/directus/live-socket.ts';
import { createSignedInSocket } from '../../lib/directus/signed-in-socket.ts';
import { CHAT_MESSAGE_FIELDS } from '../../lib/directus/fields.ts';
import { $session } from '../account/session.ts';

export type SocketStatus = 'closed' | 'connecting' | 'open' | 'error';

export const $socketStatus = atom<SocketStatus>('closed');

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

interface SubscriptionMessage {
  type?: string;
  event?: string;
  uid?: string;
  data?: unknown;
  error?: { message?: string };
}

let socket: LiveSocket | null = null;
/** The socket's current connection attempt, settled either way. */
let attempt: Promise<void> = Promise.resolve();

function subscribeAll(s: LiveSocket): void {
  const query = queryToParams({ fields: [...CHAT_MESSAGE_FIELDS] });
  for (const event of EVENTS) s.sendMessage({ type: 'subscribe', collection: 'messages', event, query, uid: uidOf(event) });
}

function onMessage(message: SubscriptionMessage): void {
  if (message.type === 'subscribe' && message.error) console.warn('chat subscription:', message.error.message);
  if (message.type !== 'subscription' || !EVENTS.some((e) => message.uid === uidOf(e))) return;
  if (message.event === 'init' && message.uid === uidOf('create')) subscribedListeners.forEach((l) => l());
  if ((message.event === 'create' || message.event === 'update') && Array.isArray(message.data)) {
    const data = message.data as ChatMessage[];
    listeners.forEach((l) => l(data));
  }
}

/** The token the socket last signed in with. */
let signedInWith: string | null = null;

/** Signs the open socket in again when the session's token is not the one it signed in with. */
function followSession(s: LiveSocket): void {
  const token = $session.get()?.access_token;
  if (!token || token === signedInWith) return;
  signedInWith = token;
  s.sendMessage({ type: 'auth', access_token: token });
}

function make(): LiveSocket {
  const s = createSignedInSocket((token) => { signedInWith = token; });
  const current = () => socket === s;
  // 'open' fires once the handshake's authentication succeeded (with a token that may have been renewed since).
  s.onWebSocket('open', () => {
    if (!current()) return;
    $socketStatus.set('open');
    followSession(s);
    subscribeAll(s);
  });
  s.onWebSocket('close', () => current() && $socketStatus.set('closed'));
  s.onWebSocket('error', () => current() && $socketStatus.set('error'));
  s.onWebSocket('message', (m: SubscriptionMessage) => current() && onMessage(m));
  return s;
}

/** Connects (once a page, for a signed-in person); calling it again retries a socket that gave up. */
export function connectChat(): void {
  if (!$session.get()) return;
  const status = $socketStatus.get();
  if (status === 'open' || status === 'connecting') return;
  const s = (socket ??= make());
  $socketStatus.set('connecting');
  attempt = s.connect().then(() => undefined, (err: unknown) => {
    console.warn('chat socket:', err);
    if (socket !== s) return;
    // The SDK keeps an attempt that timed out as "connecting" for good: the next try starts a new client.
    s.disconnect();
    socket = null;
    $socketStatus.set('closed');
  });
}

/**
 * Signing out closes the socket, once its connection attempt has settled: closed while the SDK
 * waits for the answer to its authentication, the SDK's own promise fails with nobody to catch it.
 * A renewed session (a refresh, or a payment's new role) signs the open socket in again at once:
 * the backend ends the old token, and the socket would go on reading as its role until it expired.
 */
$session.listen((session) => {
  if (!socket) return;
  if (session) {
    if ($socketStatus.get() === 'open') followSession(socket);
    return;
  }
  const s = socket;
  socket = null;
  $socketStatus.set('closed');
  void attempt.then(() => s.disconnect());
});

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => connectChat());
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && connectChat());
}
