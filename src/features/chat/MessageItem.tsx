/**
 * One chat message: avatar, the author's login in their name colour linking to
 * the profile (the chat frame for those who wear one), the quoted message it answers, the text
 * (as text, its http(s) addresses links), pictures opening the viewer, the time, and on hover 'Ответить'; the author
 * alone gets 'Изменить' and 'Удалить' (which asks first).
 */
import { memo, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ChatKey, ChatMessage } from './directus.ts';
import { chatOf, pictureIds, pictureSrc } from './messages.ts';
import { $chatPictures, loadChatPicture } from './pictures-store.ts';
import { personView, UNKNOWN_PERSON } from '../../lib/people.ts';
import ConfirmDelete from '../../ui/ConfirmDelete.tsx';
import { Avatar, PersonName } from '../people/index.ts';
import { messageTime, quoteOf } from './message-text.ts';
import LinkedText from '../../ui/LinkedText.tsx';

interface Props {
  message: ChatMessage;
  mine: boolean;
  onReply: (m: ChatMessage) => void;
  onEdit: (m: ChatMessage) => void;
  onDelete: (m: ChatMessage) => Promise<void>;
  onPicture: (m: ChatMessage, index: number) => void;
}

function MessageItem({ message, mine, onReply, onEdit, onDelete, onPicture }: Props) {
  const author = personView(typeof message.user_created === 'object' ? message.user_created : null, 'message');
  const parent = typeof message.message === 'object' ? message.message : null;
  const parentAuthor = parent && typeof parent.user_created === 'object' ? parent.user_created?.login ?? UNKNOWN_PERSON : UNKNOWN_PERSON;
  const pictures = pictureIds(message);
  const chat = chatOf(message);
  return (
    <li className={mine ? 'chat-msg chat-msg--mine' : 'chat-msg'} data-message-id={message.id}>
      <Avatar person={author} size={36} />
      <div className="chat-msg__body">
        <div className="chat-msg__head">
          <PersonName person={author} className="chat-msg__author" />
          <time className="chat-msg__time" dateTime={message.date_created ?? undefined}>{messageTime(message.date_created)}</time>
          {message.date_updated && <span className="chat-msg__edited">изменено</span>}
        </div>
        {parent && (
          <blockquote className="chat-msg__quote">
            <span className="chat-msg__quote-author">{parentAuthor}</span>
            <span className="chat-msg__quote-text">{quoteOf(parent)}</span>
          </blockquote>
        )}
        {message.text && <p className="chat-msg__text"><LinkedText text={message.text} /></p>}
        {pictures.length > 0 && (
          <div className="chat-msg__pictures">
            {pictures.map((id, i) => (
              <ChatPicture key={id} fileId={id} chat={chat} label={`Открыть фото ${i + 1}`} onOpen={() => onPicture(message, i)} />
            ))}
          </div>
        )}
        <div className="chat-msg__actions">
          <button type="button" className="chat-msg__action" onClick={() => onReply(message)}>Ответить</button>
          {mine && <button type="button" className="chat-msg__action" onClick={() => onEdit(message)}>Изменить</button>}
          {mine && (
            <ConfirmDelete
              buttonClassName="chat-msg__action chat-msg__action--danger"
              question="Удалить сообщение?"
              consequence="Сообщение исчезнет из чата у всех, вместе с фото; в ответах на него останется «Сообщение удалено»."
              failure="Не удалось удалить сообщение. Попробуйте ещё раз."
              onDelete={() => onDelete(message)}
            />
          )}
        </div>
      </div>
    </li>
  );
}

/** A picture's thumbnail: a private chat's is read with the session first, and says so when it cannot be. */
function ChatPicture({ fileId, chat, label, onOpen }: { fileId: string; chat: ChatKey; label: string; onOpen: () => void }) {
  const pictures = useStore($chatPictures);
  useEffect(() => {
    if (chat !== 'public') void loadChatPicture(fileId);
  }, [fileId, chat]);
  const src = pictureSrc(fileId, chat, pictures);
  if (pictures[fileId] === 'failed') {
    return (
      <button type="button" className="chat-msg__picture chat-msg__picture--failed" onClick={() => void loadChatPicture(fileId, true)}>
        Фото не загрузилось. Повторить
      </button>
    );
  }
  return (
    <button type="button" className="chat-msg__picture" onClick={onOpen} aria-label={label} disabled={!src}>
      {src && <img src={src} alt="" loading="lazy" />}
    </button>
  );
}

export default memo(MessageItem);
