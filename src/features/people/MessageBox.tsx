/**
 * Writing to the person from their profile: the message goes to the private
 * chat with them (found, or started), then the chat opens. Blank text, or text over the
 * length cap (TextLimit says so), is not sent. Enter
 * sends and Shift+Enter starts a new line, as in the chat.
 */
import { useId, useState, type SubmitEvent } from 'react';
import { TEXT_LIMITS } from '../../../shared/rules.ts';
import { useTask } from '../../ui/use-task.ts';
import { messaging } from './message-store.ts';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../ui/text-limit.ts';

export default function MessageBox({ personId, login }: { personId: string; login: string }) {
  const [text, setText] = useState('');
  const { pending: sending, error, run } = useTask(messaging, [text]);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.message);

  async function send(e?: SubmitEvent) {
    e?.preventDefault();
    if (unsendable) return;
    await run(personId, text);
  }

  return (
    <section className="profile-panel" aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className="profile-panel__title">Сообщение</h2>
      <form className="message-box" onSubmit={send}>
        <label className="visually-hidden" htmlFor={fieldId}>Сообщение для {login}</label>
        <textarea
          id={fieldId}
          className="input message-box__input"
          placeholder={`Написать ${login}…`}
          value={text}
          rows={3}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <TextLimit text={text} max={TEXT_LIMITS.message} />
        {error && <p className="profile-error" role="alert">{error}</p>}
        <button type="submit" className="btn message-box__send" disabled={unsendable || sending}>
          {sending ? 'Отправляем…' : 'Отправить'}
        </button>
      </form>
    </section>
  );
}
