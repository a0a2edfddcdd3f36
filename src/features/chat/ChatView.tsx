/**
 * One open chat: its messages (newest at the bottom, 50 a page, older pages as the person scrolls
 * up, the view staying where it was), the picture viewer, and the input with its reply and edit
 * modes; a skip button, shown on focus, takes the keyboard past the messages to the input. A private
 * chat is marked read while it is on screen. While the socket is away it says so (the chat on screen is
 * then read every 5 s: poll.ts).
 */
import { useStore } from '@nanostores/react';
import { lazy, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatKey, ChatMessage } from './directus.ts';
import { chatOf, pictureIds, pictureSrc } from './messages.ts';
import { $chatPictures } from './pictures-store.ts';
import { $me } from '../account/index.ts';
import { $threads, deleteMessage, loadThread, olderPages, threadOf } from './store.ts';
import { editIn, replyIn } from './draft-store.ts';
import { readChat } from './list-store.ts';
import { chatOnScreen } from './poll.ts';
import { $keptConnection } from '../../lib/directus/kept-socket.ts';
import type { ViewerImage } from '../../ui/ImageViewer.tsx';
import Composer from './Composer.tsx';
import MessageItem from './MessageItem.tsx';
import LazyPart from '../../ui/LazyPart.tsx';
import { useTask } from '../../ui/use-task.ts';

const ImageViewer = lazy(() => import('../../ui/ImageViewer.tsx'));

/** How close to the top (px) starts loading the older page, and to the bottom counts as "at the bottom". */
const EDGE_PX = 80;

function picturesOf(m: ChatMessage): ViewerImage[] {
  return pictureIds(m).map((id, i) => ({ src: pictureSrc(id, chatOf(m), $chatPictures.get()) ?? '', alt: `Фото ${i + 1}` }));
}

export default function ChatView({ chat, label }: { chat: ChatKey; label: string }) {
  const thread = threadOf(useStore($threads), chat);
  const me = useStore($me);
  const connection = useStore($keptConnection);
  const olderPage = useTask(olderPages.of(chat));
  const [viewer, setViewer] = useState<{ images: ViewerImage[]; index: number | null }>({ images: [], index: null });
  const list = useRef<HTMLDivElement>(null);
  const view = useRef<HTMLElement>(null);
  const stickToBottom = useRef(true);
  const fromBottom = useRef<number | null>(null);

  useEffect(() => {
    void loadThread(chat);
    stickToBottom.current = true;
    return chatOnScreen(chat);
  }, [chat]);

  const shown = useMemo(() => (thread?.messages ?? []).filter((m) => !m.deleted), [thread?.messages]);
  const newest = shown.at(-1)?.id;
  const oldest = shown[0]?.id;

  // A private chat on screen is read up to its newest message.
  useEffect(() => {
    if (typeof chat === 'number' && thread?.status === 'ready' && document.visibilityState === 'visible') void readChat(chat);
  }, [chat, newest, thread?.status]);

  // Older messages came in above: keep the same distance from the bottom, so the view does not jump.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (fromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - fromBottom.current;
      fromBottom.current = null;
    }
  }, [oldest]);

  // New messages at the bottom: follow them when the person was at the bottom.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && stickToBottom.current) el.scrollTop = el.scrollHeight;
  }, [newest, thread?.status]);

  const older = useCallback(() => {
    const el = list.current;
    if (el) fromBottom.current = el.scrollHeight - el.scrollTop;
    void olderPage.run();
  }, [olderPage.run]);

  function onScroll() {
    const el = list.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < EDGE_PX;
    // Not while a page is on its way, nor after one failed: 'Повторить' asks again.
    if (el.scrollTop < EDGE_PX && thread?.older === 'more' && !olderPage.pending && !olderPage.error) older();
  }

  const onReply = useCallback((m: ChatMessage) => replyIn(chat, m), [chat]);
  const onEdit = useCallback((m: ChatMessage) => editIn(chat, m), [chat]);
  const onDelete = useCallback((m: ChatMessage) => deleteMessage(m.id), []);
  const onPicture = useCallback((m: ChatMessage, index: number) => setViewer({ images: picturesOf(m), index }), []);

  const myId = me?.id ?? null;
  return (
    <section className="chat-view" aria-label={label} ref={view}>
      {/* Past every message's links and buttons (two or three each) to the box, in one press. */}
      <button type="button" className="skip-link chat-view__skip"
        onClick={() => view.current?.querySelector<HTMLTextAreaElement>('.chat-input__field')?.focus()}>
        Перейти к вводу сообщения
      </button>
      {connection === 'lost' && (
        <p className="chat-view__connection" role="status">Нет связи с сервером: новые сообщения могут прийти с задержкой. Переподключаемся…</p>
      )}
      <div className="chat-view__messages" ref={list} onScroll={onScroll} data-testid="chat-messages">
        {thread?.status === 'ready' && thread.older === 'more' && (
          <div className="chat-view__older">
            {olderPage.error && <span role="alert">{olderPage.error} </span>}
            <button type="button" className="chat-view__older-btn" onClick={older} disabled={olderPage.pending}>
              {olderPage.pending ? 'Загрузка…' : olderPage.error ? 'Повторить' : 'Ранние сообщения'}
            </button>
          </div>
        )}
        {(!thread || thread.status === 'loading') && <p className="chat-view__status">Загрузка…</p>}
        {thread?.status === 'error' && (
          <p className="chat-view__status" role="alert">
            Не удалось загрузить сообщения. <button type="button" className="chat-view__older-btn" onClick={() => void loadThread(chat)}>Повторить</button>
          </p>
        )}
        {thread?.status === 'ready' && shown.length === 0 && <p className="chat-view__status">Сообщений пока нет</p>}
        <ol className="chat-view__list">
          {shown.map((m) => (
            <MessageItem key={m.id} message={m}
              mine={myId !== null && typeof m.user_created === 'object' && m.user_created?.id === myId}
              onReply={onReply} onEdit={onEdit} onDelete={onDelete} onPicture={onPicture} />
          ))}
        </ol>
      </div>
      <Composer chat={chat} onSend={() => { stickToBottom.current = true; }} />
      {/* Kept once opened: dropped while open, its dialog would neither give focus back nor free the page's scroll. */}
      {viewer.images.length > 0 && (
        <LazyPart fallback={null}>
          <ImageViewer images={viewer.images} index={viewer.index} onIndex={(index) => setViewer({ ...viewer, index })} />
        </LazyPart>
      )}
    </section>
  );
}
