/**
 * The box a message is typed in, in a private chat and in a watching-together room: the emoji button
 * sits inside it, as in messengers, so the box keeps its width. Enter sends, Shift+Enter starts a new
 * line, Escape leaves a reply or an edit.
 */
import { useId, type RefObject } from 'react';
import { insertAtCaret } from '../../ui/insert-at-caret.ts';
import EmojiButton from './EmojiButton.tsx';

interface Props {
  field: RefObject<HTMLTextAreaElement | null>;
  text: string;
  placeholder: string;
  onText: (text: string) => void;
  onSend: () => void;
  /** What Escape leaves (a reply, an edit); without it Escape goes on to the window around. */
  onLeave?: () => void;
}

export default function MessageField({ field, text, placeholder, onText, onSend, onLeave }: Props) {
  const id = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>Сообщение</label>
      <div className="chat-input__box">
        <textarea
          ref={field}
          id={id}
          className="input chat-input__field"
          placeholder={placeholder}
          rows={1}
          value={text}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              onSend();
            } else if (e.key === 'Escape' && onLeave) {
              // Leaves the mode only; the window stays open.
              e.stopPropagation();
              onLeave();
            }
          }}
        />
        <EmojiButton onPick={(emoji) => insertAtCaret(field.current, text, emoji, onText)} />
      </div>
    </>
  );
}
