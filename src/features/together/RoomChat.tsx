/**
 * The room's chat beside the video: members' lines (avatar, name, time, the line answered, the
 * text with its links, «Ответить»), and the room's own lines of what happened («Аня поставила на
 * паузу»), set apart. The input takes text and emoji (the chat's own emoji panel): Enter sends,
 * Shift+Enter adds a line, Escape leaves a reply. The chat's Composer and MessageItem are made for
 * the chat's stored messages (pictures, edits, deletions), which a room's lines have none of, so
 * the room has its own small ones in the chat's look.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { ROOM_MESSAGE_MAX, type RoomMember, type RoomMessage, type RoomView } from '../../../shared/together.ts';
import { personView, UNKNOWN_PERSON } from '../../lib/people.ts';
import { overLimit } from '../../lib/text-limit.ts';
import LinkedText from '../../ui/LinkedText.tsx';
import TextLimit from '../../ui/TextLimit.tsx';
import { useTask } from '../../ui/use-task.ts';
import { MessageField, messageTime, quoteOf, SendIcon } from '../chat/for-signed-in.ts';
import { Avatar, PersonName } from '../people/index.ts';
import { $roomMessages, $sendProblem, dismissSendProblem, sendingLine } from './store.ts';

type Authors = Map<string, RoomMember>;

const authorName = (authors: Authors, id: string | null) => (id && (authors.get(id)?.login || authors.get(id)?.name)) || UNKNOWN_PERSON;

export default function RoomChat({ room }: { room: RoomView }) {
  const messages = useStore($roomMessages);
  const [replyTo, setReplyTo] = useState<RoomMessage | null>(null);
  const list = useRef<HTMLOListElement>(null);
  // People who left keep their name in the lines they wrote while they were here.
  const authors = useRef<Authors>(new Map());
  for (const m of room.members) authors.current.set(m.id, m);
  const byId = new Map(messages.map((m) => [m.id, m]));

  // New lines scroll into view when the reader is at the bottom already.
  const last = messages.at(-1)?.id;
  useEffect(() => {
    const el = list.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 120) el.scrollTop = el.scrollHeight;
  }, [last]);

  return (
    <section className="room-chat" aria-labelledby="room-chat-heading">
      <h2 id="room-chat-heading" className="room__heading">Чат комнаты</h2>
      <ol ref={list} className="room-chat__lines" aria-live="polite">
        {messages.length === 0 && <li className="room-chat__empty">Здесь будут сообщения и события комнаты</li>}
        {messages.map((m) => (m.kind === 'event'
          ? <li key={m.id} className="room-chat__event" data-message-id={m.id}>{m.text}<time className="room-chat__event-time">{messageTime(m.date)}</time></li>
          : <Line key={m.id} message={m} parent={m.replyTo !== null ? byId.get(m.replyTo) ?? null : null} authors={authors.current} onReply={setReplyTo} />))}
      </ol>
      <RoomComposer replyTo={replyTo} replyAuthor={replyTo ? authorName(authors.current, replyTo.user) : ''} onReplyDone={() => setReplyTo(null)} />
    </section>
  );
}

function Line({ message, parent, authors, onReply }: { message: RoomMessage; parent: RoomMessage | null; authors: Authors; onReply: (m: RoomMessage) => void }) {
  const member = message.user ? authors.get(message.user) : undefined;
  const person = personView(member ? { id: member.id, login: member.login ?? member.name, avatar: member.avatar } : null, 'message');
  return (
    <li className="chat-msg room-chat__line" data-message-id={message.id}>
      <Avatar person={person} size={32} />
      <div className="chat-msg__body">
        <div className="chat-msg__head">
          <PersonName person={person} className="chat-msg__author" />
          <time className="chat-msg__time" dateTime={message.date}>{messageTime(message.date)}</time>
        </div>
        {parent && (
          <blockquote className="chat-msg__quote">
            <span className="chat-msg__quote-author">{authorName(authors, parent.user)}</span>
            <span className="chat-msg__quote-text">{quoteOf(parent)}</span>
          </blockquote>
        )}
        <p className="chat-msg__text"><LinkedText text={message.text} /></p>
        <div className="chat-msg__actions">
          <button type="button" className="chat-msg__action" onClick={() => onReply(message)}>Ответить</button>
        </div>
      </div>
    </li>
  );
}

function RoomComposer({ replyTo, replyAuthor, onReplyDone }: { replyTo: RoomMessage | null; replyAuthor: string; onReplyDone: () => void }) {
  const [text, setText] = useState('');
  const sending = useTask(sendingLine, [text]);
  const refused = useStore($sendProblem);
  const field = useRef<HTMLTextAreaElement>(null);
  const unsendable = !text.trim() || overLimit(text, ROOM_MESSAGE_MAX);

  useEffect(() => { if (replyTo) field.current?.focus(); }, [replyTo]);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (unsendable || sending.pending) return;
    if (await sending.run(text.trim(), replyTo?.id ?? null)) {
      setText('');
      onReplyDone();
    }
    field.current?.focus();
  }

  const error = refused ?? sending.error;
  return (
    <form className="chat-input room-chat__input" onSubmit={submit} aria-label="Сообщение в комнату">
      {replyTo && (
        <div className="chat-input__mode">
          <span className="chat-input__mode-title">
            {`Ответ ${replyAuthor}: `}<span className="chat-input__mode-quote">{quoteOf(replyTo)}</span>
          </span>
          <button type="button" className="icon-btn chat-input__cancel" aria-label="Отменить ответ" onClick={onReplyDone}>×</button>
        </div>
      )}
      {error && <p className="chat-input__error" role="alert">{error}</p>}
      <div className="chat-input__row">
        <MessageField field={field} text={text} placeholder="Написать в комнату…"
          onText={(typed) => { setText(typed); dismissSendProblem(); }}
          onSend={() => void submit()} onLeave={replyTo ? onReplyDone : undefined} />
        <button type="submit" className="btn chat-input__send" disabled={unsendable || sending.pending}>
          <SendIcon />
          <span className="chat-input__send-text">Отправить</span>
        </button>
      </div>
      <TextLimit text={text} max={ROOM_MESSAGE_MAX} />
    </form>
  );
}
