/**
 * Writing to the person from their profile: the message goes to the private
 * chat with them (found, or started), then the chat opens. Blank text, or text over the
 * length cap (TextLimit says so), is not sent. Enter
 * sends and Shift+Enter starts a new line, as in the chat.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useId, useState, type FormEvent } from 'react';
import { useFormProblem } from '../layout/use-form-problem.ts';
import { TEXT_LIMITS } from '../../../shared/rules.ts';
import { messagePerson } from '../../stores/public-profile.ts';
import TextLimit from '../layout/TextLimit.tsx';
import { overLimit } from '../../lib/text-limit.ts';

export default function MessageBox({ personId, login }: { personId: string; login: string }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useFormProblem({ text });
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.message);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    if (unsendable || sending) return;
    setSending(true);
    setError(null);
    try {
      const chatId = await messagePerson(personId, text);
      if (chatId !== null) location.assign(`/messages?id=${chatId}`);
    } catch (err) {
      console.error(err);
      setError(reasonOf(err, 'Не удалось отправить сообщение. Попробуйте ещё раз.'));
      setSending(false);
    }
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
