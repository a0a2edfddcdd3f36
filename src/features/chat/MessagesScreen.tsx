/**
 * /messages: the list of chats on the left, the open chat on the right. The open
 * chat is `?id=` (the public chat without one). Visitors are asked to sign in.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { loginHref } from '../account/index.ts';
import { personView } from '../../lib/people.ts';
import { $chatList } from './list-store.ts';
import { chatInQuery, messagesHref } from './messages.ts';
import { startChat } from './live.ts';
import { $isSignedIn } from '../account/session.ts';
import ChatList from './ChatList.tsx';
import ChatView from './ChatView.tsx';
import './chat.css';

export default function MessagesScreen() {
  const signedIn = useStore($isSignedIn);
  const list = useStore($chatList);
  const [chat] = useState(() => chatInQuery(location.search));

  useEffect(() => {
    if (signedIn) startChat();
  }, [signedIn]);

  if (!signedIn) {
    return (
      <div className="messages-guest">
        <p>Войдите, чтобы читать и писать сообщения.</p>
        <a className="btn" href={loginHref('/messages')}>Войти</a>
      </div>
    );
  }

  const other = typeof chat === 'number' ? list.chats.find((c) => c.id === chat) : undefined;
  const missing = typeof chat === 'number' && list.status === 'ready' && !other;
  const title = chat === 'public' ? 'Онлайн чат' : other ? `Чат с ${personView(other.with).login}` : 'Личный чат';

  return (
    <div className="messages-screen">
      <aside className="messages-screen__side">
        <ChatList open={chat} hrefOf={messagesHref} />
      </aside>
      <div className="messages-screen__pane">
        <h2 className="messages-screen__title">{title}</h2>
        {missing
          ? <p className="chat-view__status">Такого чата нет. <a href="/messages">Открыть онлайн чат</a></p>
          : <ChatView chat={chat} label={title} />}
      </div>
    </div>
  );
}
