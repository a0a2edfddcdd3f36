/**
 * The message input: Enter sends, Shift+Enter adds a line; nothing is
 * sent with blank text and no pictures, with text over the length cap (TextLimit says so), or while a message is on its way. Reply mode sends with
 * the answered message; edit mode is filled with the text and saves only the text. Several
 * pictures (up to PICTURES_MAX), images only, previewed and removable before sending. The backend's refusals (the
 * sending pace among them) are shown as it words them. What is in the box, and its mode, is the chat's
 * draft (draft-store.ts): it stays when the window closes or the page changes.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { useTask } from '../../ui/use-task.ts';
import { TEXT_LIMITS } from '../../../shared/visitor-rules.ts';
import type { ChatKey, ChatMessage } from './directus.ts';
import { $drafts, changeDraft, clearDraft, draftOf } from './draft-store.ts';
import { PICTURE_TYPES, attachPictures } from '../../lib/picture-check.ts';
import { posting } from './store.ts';
import { Icon } from '../../ui/icons.tsx';
import { CheckIcon, SendIcon } from './icons.tsx';
import MessageField from './MessageField.tsx';
import { quoteOf } from './message-text.ts';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../lib/text-limit.ts';

interface Props {
  chat: ChatKey;
  /** A message of one's own is going out (the list will scroll to it). */
  onSend?: () => void;
}

const authorOf = (m: ChatMessage) => (typeof m.user_created === 'object' && m.user_created?.login) || 'Пользователь';

export default function Composer({ chat, onSend }: Props) {
  const { text, mode, files } = draftOf(useStore($drafts), chat);
  const setText = (next: string) => changeDraft(chat, { text: next });
  const setFiles = (next: File[]) => changeDraft(chat, { files: next });
  // A picture refused on attaching, or the sending's failure; either goes once the text changes.
  const [refusal, setRefusal] = useFormProblem({ text });
  const sending = useTask(posting.of(chat), [text]);
  const error = refusal ?? sending.error;
  const field = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const editing = mode.kind === 'edit';

  // Reply and edit put the caret in the field.
  const modeKey = mode.kind === 'new' ? 'new' : `${mode.kind}-${mode.kind === 'reply' ? mode.to.id : mode.message.id}`;
  useEffect(() => {
    if (mode.kind !== 'new') field.current?.focus();
  }, [modeKey]);

  const previews = useMemo(() => files.map((f) => URL.createObjectURL(f)), [files]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  const blank = !text.trim() && (editing || files.length === 0);
  const unsendable = blank || overLimit(text, TEXT_LIMITS.message);

  function attach(list: FileList | null) {
    const next = attachPictures(files, [...(list ?? [])], 'в одном сообщении');
    setFiles(next.files);
    setRefusal(next.problem);
    sending.dismiss();
    if (picker.current) picker.current.value = '';
  }

  function cancel() {
    changeDraft(chat, editing ? { mode: { kind: 'new' }, text: '' } : { mode: { kind: 'new' } });
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (unsendable || sending.pending) return;
    setRefusal(null);
    if (mode.kind !== 'edit') onSend?.();
    const sent = await sending.run(mode.kind === 'edit'
      ? { kind: 'edit', id: mode.message.id, text }
      : { kind: 'new', draft: { text, replyTo: mode.kind === 'reply' ? mode.to.id : null, files } });
    if (sent) clearDraft(chat);
    field.current?.focus();
  }

  return (
    <form className="chat-input" onSubmit={submit} aria-label="Новое сообщение">
      {mode.kind !== 'new' && (
        <div className="chat-input__mode">
          <span className="chat-input__mode-title">
            {mode.kind === 'reply' ? `Ответ ${authorOf(mode.to)}: ` : 'Редактирование: '}
            <span className="chat-input__mode-quote">{quoteOf(mode.kind === 'reply' ? mode.to : mode.message)}</span>
          </span>
          <button type="button" className="icon-btn chat-input__cancel" aria-label={mode.kind === 'reply' ? 'Отменить ответ' : 'Отменить редактирование'} onClick={cancel}>
            <Icon size={18}><path d="M6 6l12 12M18 6 6 18" /></Icon>
          </button>
        </div>
      )}
      {files.length > 0 && (
        <ul className="chat-input__files" aria-label="Прикреплённые фото">
          {files.map((f, i) => (
            <li key={previews[i]} className="chat-input__file">
              <img src={previews[i]} alt={f.name} />
              <button type="button" className="chat-input__remove" aria-label={`Убрать ${f.name}`} onClick={() => setFiles(files.filter((_, j) => j !== i))}>×</button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="chat-input__error" role="alert">{error}</p>}
      <div className="chat-input__row">
        {!editing && (
          <>
            <input ref={picker} className="visually-hidden" type="file" accept={PICTURE_TYPES} multiple tabIndex={-1} aria-label="Прикрепить фото"
              onChange={(e) => attach(e.target.files)} data-testid="chat-files" />
            <button type="button" className="icon-btn" aria-label="Прикрепить фото" onClick={() => picker.current?.click()} disabled={sending.pending}>
              <Icon><path d="m21 12-8.5 8.5a5 5 0 0 1-7-7L14 5a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 8" /></Icon>
            </button>
          </>
        )}
        <MessageField field={field} text={text} placeholder="Написать сообщение…" onText={setText}
          onSend={() => void submit()} onLeave={mode.kind !== 'new' ? cancel : undefined} />
        {/* On a narrow input the word gives way to the icon, and stays the button's name. */}
        <button type="submit" className="btn chat-input__send" disabled={unsendable || sending.pending}>
          {editing ? <CheckIcon /> : <SendIcon />}
          <span className="chat-input__send-text">{editing ? 'Сохранить' : 'Отправить'}</span>
        </button>
      </div>
      <TextLimit text={text} max={TEXT_LIMITS.message} />
    </form>
  );
}
