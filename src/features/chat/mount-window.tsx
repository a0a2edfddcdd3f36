/**
 * Loaded only for signed-in people (from src/lib/account/signed-in.ts): starts the chat, puts the
 * floating window where the frame keeps its place (replacing the visitors' sign-in prompt), and
 * puts the unread count on the header's profile icon. The /messages page has the chat in full,
 * so there the window stays away.
 */
import { useStore } from '@nanostores/react';
import { createRoot } from 'react-dom/client';
import { $chatUnread } from './list-store.ts';
import { addAccountBadge } from '../account/badges.ts';
import { startChat } from './live.ts';
import ChatWindow from './ChatWindow.tsx';

function UnreadBadge() {
  const unread = useStore($chatUnread);
  return unread ? <span className="account-unread"><span className="visually-hidden">непрочитанных сообщений: </span>{unread}</span> : null;
}

/** Its own React root: a page may have no island to share one with (the frame has none). */
function mount(root: HTMLElement): void {
  startChat();
  // /messages has the chat in full: there the window stays away.
  if (location.pathname !== '/messages') createRoot(root).render(<ChatWindow />);
  else root.replaceChildren();
  addAccountBadge(UnreadBadge);
}

const root = document.getElementById('chat-window-root');
if (root) mount(root);
