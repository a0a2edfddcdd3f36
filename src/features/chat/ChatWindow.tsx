/**
 * The floating 'Онлайн чат' window for signed-in people: a button opens
 * and closes it; the heading returns to the public chat; the sidebar of chats (a friend's avatar
 * opens that private chat) folds at 1200 px or less; at 765 px or less it covers the page, which
 * does not scroll while it is open (chat.css: the body has the narrow window) and is inert behind it:
 * there the window is modal (focus moves in, Tab wraps), beside a wide page it is not. Escape closes
 * it unless a dialog inside (confirm, picture viewer) took the key; focus left in it goes back to
 * the launcher.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { CHAT_SIDEBAR_TOGGLE_PX, NARROW_SCREEN_PX } from '../../lib/chat-constants.ts';
import type { ChatKey } from './directus.ts';
import { personView } from '../../lib/people.ts';
import { $chatList, $chatUnread } from './list-store.ts';
import { messagesHref } from './messages.ts';
import { $chatVisible, hideChat, toggleChat } from './window-store.ts';
import { Icon } from '../../ui/icons.tsx';
import { focusables, trapTab } from '../../ui/focus.ts';
import ChatList from './ChatList.tsx';
import ChatView from './ChatView.tsx';
import './chat.css';

function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}

/** Makes everything on the page inert but `keep` and its ancestors; returns what undoes it. */
function inertAround(keep: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let el: HTMLElement | null = keep; el && el !== document.body; el = el.parentElement) {
    for (const sibling of el.parentElement?.children ?? []) {
      if (sibling === el || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => made.forEach((el) => { el.inert = false; });
}

export default function ChatWindow() {
  const visible = useStore($chatVisible);
  const unread = useStore($chatUnread);
  const list = useStore($chatList);
  const [chat, setChat] = useState<ChatKey>('public');
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const narrow = useMedia(`(max-width: ${NARROW_SCREEN_PX}px)`);
  const foldable = useMedia(`(max-width: ${CHAT_SIDEBAR_TOGGLE_PX}px)`);
  const showSidebar = !foldable || sidebarOpen;
  const launcher = useRef<HTMLButtonElement>(null);
  const win = useRef<HTMLDivElement>(null);
  const modal = visible && narrow;

  // Covering the page, the window is modal: the rest (the launcher too) goes inert and focus moves in.
  // Declared before the effect below, so the launcher is no longer inert when focus returns to it.
  useEffect(() => {
    const el = win.current;
    if (!modal || !el) return;
    const release = inertAround(el);
    if (!el.contains(document.activeElement)) focusables(el)[0]?.focus();
    return release;
  }, [modal]);

  useEffect(() => {
    if (!visible) return;
    // A dialog inside (Modal) prevents the default of the Escape it closes on: that one is not ours.
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape' && !e.defaultPrevented) hideChat(); };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Focus that was in the window fell to the body with it.
      const focus = document.activeElement;
      if (!focus || focus === document.body) launcher.current?.focus();
    };
  }, [visible]);

  const open = (next: ChatKey) => {
    setChat(next);
    if (foldable) setSidebarOpen(false);
  };
  const other = typeof chat === 'number' ? list.chats.find((c) => c.id === chat) : undefined;
  const title = other ? personView(other.with).login : 'Онлайн чат';

  return (
    <>
      <button ref={launcher} type="button" className="chat-launcher" aria-expanded={visible} aria-controls="chat-window" onClick={toggleChat}>
        <Icon><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" /></Icon>
        <span className="chat-launcher__text">Онлайн чат</span>
        {unread !== null && unread > 0 && <span className="chat-launcher__badge"><span className="visually-hidden">непрочитанных: </span>{unread}</span>}
      </button>
      {visible && (
        <div ref={win} id="chat-window" className={`chat-window${narrow ? ' chat-window--narrow' : ''}`} role="dialog" aria-label="Онлайн чат"
          aria-modal={narrow || undefined}
          onKeyDown={(e) => { if (narrow && !e.defaultPrevented) trapTab(e, e.currentTarget); }}>
          <header className="chat-window__head">
            {foldable && (
              <button type="button" className="icon-btn" aria-label={sidebarOpen ? 'Скрыть чаты' : 'Показать чаты'} aria-expanded={sidebarOpen}
                onClick={() => setSidebarOpen(!sidebarOpen)}>
                <Icon><path d="M4 7h16M4 12h16M4 17h16" /></Icon>
              </button>
            )}
            <h2 className="chat-window__title">
              <button type="button" className="chat-window__heading" onClick={() => open('public')}>Онлайн чат</button>
            </h2>
            {chat !== 'public' && <span className="chat-window__sub">{title}</span>}
            <a className="chat-window__page" href={messagesHref(chat)}>
              <Icon><path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" /></Icon>
              <span className="chat-window__page-text">Открыть страницу</span>
            </a>
            <button type="button" className="icon-btn" aria-label="Закрыть чат" onClick={hideChat}>
              <Icon><path d="M6 6l12 12M18 6 6 18" /></Icon>
            </button>
          </header>
          <div className="chat-window__body">
            {showSidebar && (
              <div className="chat-window__side" data-testid="chat-window-sidebar">
                <ChatList open={chat} onOpen={open} />
              </div>
            )}
            <ChatView key={String(chat)} chat={chat} label={chat === 'public' ? 'Онлайн чат' : `Чат с ${title}`} />
          </div>
        </div>
      )}
    </>
  );
}
