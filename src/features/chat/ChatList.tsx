/**
 * The list of chats: 'Онлайн чат', the public chat with the count of people
 * online, then the private chats with the other person's avatar, name, last message, online flag
 * and unread count: friends first, their chats and then the friends without a chat yet, whose
 * avatar opens one (found or started); then everyone else's chats.
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { ChatKey, ChatSummary } from './directus.ts';
import { friendsFirst } from '../../lib/friends.ts';
import { personView } from '../../lib/people.ts';
import { $chatList, $publicOnline, openingChat, refreshChatList } from './list-store.ts';
import { $circle, loadOwnFriendships } from '../people/for-signed-in.ts';
import { Avatar, type FriendPerson } from '../people/index.ts';
import { loadMe } from '../account/index.ts';
import { useTask } from '../../ui/use-task.ts';
import { lastLine } from './message-text.ts';

interface Props {
  open: ChatKey;
  /** Builds the link of a chat (the page) ... */
  hrefOf?: (chat: ChatKey) => string;
  /** ... or opens it in place (the window). */
  onOpen?: (chat: ChatKey) => void;
}

/** A friend without a chat yet: choosing them opens the chat with them, started if need be. */
function FriendEntry({ friend, hrefOf, onOpen }: { friend: FriendPerson } & Pick<Props, 'hrefOf' | 'onOpen'>) {
  const opening = useTask(openingChat.of(friend.id));
  const person = personView(friend, 'message');
  const go = (chat: number) => (hrefOf ? location.assign(hrefOf(chat)) : onOpen?.(chat));
  return (
    <li data-friend-id={friend.id}>
      <button type="button" className="chat-list__item chat-list__item--friend" disabled={opening.pending} onClick={() => void opening.run(go)}>
        <span className="chat-list__avatar"><Avatar person={person} size={40} /></span>
        <span className="chat-list__text">
          <span className="chat-list__name">{person.login}</span>
          <span className="chat-list__last">{opening.pending ? 'Открываем чат…' : 'Друг · начать чат'}</span>
        </span>
      </button>
      {opening.error && <p className="chat-list__status" role="alert">{opening.error}</p>}
    </li>
  );
}

export default function ChatList({ open, hrefOf, onOpen }: Props) {
  const list = useStore($chatList);
  const online = useStore($publicOnline);
  const circle = useStore($circle);
  useEffect(() => {
    void loadMe();
    void loadOwnFriendships();
  }, []);
  const { friendChats, friendsWithoutChat, otherChats } = friendsFirst(list.chats, circle?.friends.map((tie) => tie.person) ?? []);

  const entry = (chat: ChatKey, body: ReactNode) => {
    const current = open === chat ? 'page' : undefined;
    return hrefOf
      ? <a className="chat-list__item" href={hrefOf(chat)} aria-current={current}>{body}</a>
      : <button type="button" className="chat-list__item" aria-current={current} onClick={() => onOpen?.(chat)}>{body}</button>;
  };

  const chatItem = (c: ChatSummary, friend: boolean) => {
    const person = personView(c.with, 'message');
    return (
      <li key={c.id} data-chat-id={c.id} data-friend={friend || undefined}>
        {entry(c.id, (
          <>
            <span className="chat-list__avatar">
              <Avatar person={person} size={40} />
              {c.online && <span className="chat-list__online" title="В сети"><span className="visually-hidden">в сети</span></span>}
            </span>
            <span className="chat-list__text">
              <span className="chat-list__name">{person.login}</span>
              <span className="chat-list__last">{lastLine(c)}</span>
            </span>
            {c.unread > 0 && <span className="chat-list__unread"><span className="visually-hidden">непрочитанных: </span>{c.unread}</span>}
          </>
        ))}
      </li>
    );
  };

  return (
    <nav className="chat-list" aria-label="Чаты">
      <ul className="chat-list__items">
        <li>
          {entry('public', (
            <>
              <span className="chat-list__public" aria-hidden="true">#</span>
              <span className="chat-list__text">
                <span className="chat-list__name">Онлайн чат</span>
                {online !== null && <span className="chat-list__last">В сети: {online}</span>}
              </span>
            </>
          ))}
        </li>
        {friendChats.map((c) => chatItem(c, true))}
        {friendsWithoutChat.map((f) => <FriendEntry key={f.id} friend={f} hrefOf={hrefOf} onOpen={onOpen} />)}
        {otherChats.map((c) => chatItem(c, false))}
      </ul>
      {list.status === 'error' && (
        <p className="chat-list__status" role="alert">
          Не удалось загрузить чаты. <button type="button" className="chat-view__older-btn" onClick={() => void refreshChatList()}>Повторить</button>
        </p>
      )}
      {list.status === 'loading' && <p className="chat-list__status">Загрузка…</p>}
    </nav>
  );
}
