/**
 * The floating 'Онлайн чат' window for signed-in people: a button opens
 * and closes it; the heading returns to the public chat; the sidebar of chats (a friend's avatar
 * opens that private chat) folds at 1200 px or less; at 765 px or less it covers the page, which
 * does not scroll while it is open (chat.css: the body has the narrow window).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { CHAT_SIDEBAR_TOGGLE_PX, NARROW_SCREEN_PX } from '../../lib/chat-constants.ts';
import type { ChatKey } from './directus.ts';
import { personView } from '../../lib/people.ts';
import { $chatList, $chatUnread } from './list-store.ts';
import { messagesHref } from './messages.ts';
import { $chatVisible, hideChat, toggleChat } from './window-store.ts';
import { Icon } from '../../ui/icons.tsx';
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

export default function ChatWindow() {
  const visible = useStore($chatVisible);
  const unread = useStore($chatUnread);
  const list = useStore($chatList);
  const [chat, setChat] = useState<ChatKey>('public');
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const narrow = useMedia(`(max-width: ${NARROW_SCREEN_PX}px)`);
  const foldable = useMedia(`(max-width: ${CHAT_SIDEBAR_TOGGLE_PX}px)`);
  const showSidebar = !foldable || sidebarOpen;

  useEffect(() => {
    if (!visible) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hideChat();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);

  const open = (next: ChatKey) => {
    setChat(next);
    if (foldable) setSidebarOpen(false);
  };
  const other = typeof chat === 'number' ? list.chats.find((c) => c.id === chat) : undefined;
  const title = other ? personView(other.with).login : 'Онлайн чат';

  return (
    <>
      <button type="button" className="chat-launcher" aria-expanded={visible} aria-controls="chat-window" onClick={toggleChat}>
        <Icon><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" /></Icon>
        <span className="chat-launcher__text">Онлайн чат</span>
        {unread !== null && unread > 0 && <span className="chat-launcher__badge"><span className="visually-hidden">непрочитанных: </span>{unread}</span>}
      </button>
      {visible && (
        <div id="chat-window" className={`chat-window${narrow ? ' chat-window--narrow' : ''}`} role="dialog" aria-label="Онлайн чат">
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
            <a className="chat-window__page" href={messagesHref(chat)}>Открыть страницу</a>
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
