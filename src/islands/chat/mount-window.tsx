/**
 * Loaded only for signed-in people (from src/lib/account/signed-in.ts): starts the chat, puts the
 * floating window where the frame keeps its place (replacing the visitors' sign-in prompt), and
 * puts the unread count on the header's profile icon. The /messages page has the chat in full,
 * so there the window stays away.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $chatUnread } from '../../stores/chat-list.ts';
import { addAccountBadge } from '../../stores/signed-in-parts.ts';
import { startChat } from '../../stores/chat-live.ts';
import ChatWindow from './ChatWindow.tsx';

function UnreadBadge() {
  const unread = useStore($chatUnread);
  return unread ? <span className="account-unread"><span className="visually-hidden">непрочитанных сообщений: </span>{unread}</span> : null;
}

type RenderIsland = (element: HTMLElement) => (component: () => ReactNode, props: object, slots: object, o: { client: 'only' }) => unknown;

/**
 * Rendered as a client-only island by the React renderer the page's islands already loaded (every
 * page has them: the header's account link). Importing react-dom/client or the renderer here would
 * make the bundler split them into more chunks, and every visitor's page would pay for it.
 */
async function mount(root: HTMLElement): Promise<void> {
  const rendererUrl = document.querySelector('astro-island[renderer-url]')?.getAttribute('renderer-url');
  if (!rendererUrl) throw new Error('No React island on the page to take the renderer from');
  const { default: renderIsland } = (await import(/* @vite-ignore */ rendererUrl)) as { default: RenderIsland };
  const show = (element: HTMLElement, component: () => ReactNode) => {
    element.replaceChildren();
    element.setAttribute('ssr', '');
    renderIsland(element)(component, {}, {}, { client: 'only' });
  };
  startChat();
  // /messages has the chat in full: there the window stays away.
  if (location.pathname !== '/messages') show(root, ChatWindow);
  else root.replaceChildren();
  addAccountBadge(UnreadBadge);
}

const root = document.getElementById('chat-window-root');
if (root) mount(root).catch((err: unknown) => console.error(err));
