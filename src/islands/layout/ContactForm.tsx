/**
 * The contact form (spec section 2): name, email, topic and message, a consent note, 'Отправить'.
 * It stores one support request and then thanks the visitor. A failure says so and keeps what
 * was typed. No checks beyond the email input's own (spec section 5): the backend refuses a request
 * without a name, email or message, and the form then shows the backend's reason rather than
 * blaming the connection. Used inside the contact modal and on its own as the static pages' questions form.
 */
import { useId, useState, type FormEvent } from 'react';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { TEXT_LIMITS } from '../../../shared/visitor-rules.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { useFilledBeforeHydration } from '../../ui/use-filled-before-hydration.ts';
import type { SupportRequestInput } from '../../lib/directus/runtime.ts';
import './contact-form.css';

/** 'refused': the backend answered that something is missing; 'failed': no usable answer at all. */
type Status = 'editing' | 'sending' | 'sent' | 'refused' | 'failed';

/** What the backend said was wrong with the request, or null when it gave no usable answer. */
const refusal = (err: unknown): string | null =>
  err instanceof DirectusRequestError && err.status === 400 ? err.reason ?? 'заполните имя, email и сообщение' : null;

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const EMPTY: SupportRequestInput = { name: '', email: '', topic: '', message: '' };

interface Props {
  /** Shown after the thank-you as a 'Закрыть' button (the modal passes it). */
  onClose?: () => void;
  /** Told once the request is stored. */
  onSent?: () => void;
}

export default function ContactForm({ onClose, onSent }: Props) {
  const [form, setForm] = useState<SupportRequestInput>(EMPTY);
  const [status, setStatus] = useState<Status>('editing');
  const [reason, setReason] = useState('');
  const id = useId();
  const formRef = useFilledBeforeHydration<HTMLFormElement>((name, value) => {
    if (name in EMPTY) setForm((f) => ({ ...f, [name]: String(value) }));
  });

  const field = (key: keyof SupportRequestInput) => ({
    id: `${id}-${key}`,
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      // The backend's refusal speaks of what was typed: it goes once the fields change.
      setStatus((s) => (s === 'refused' ? 'editing' : s));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    setStatus('sending');
    try {
      // The client loads when a message is sent, not with every page.
      const { runtime } = await import('../../lib/directus/runtime.ts');
      await runtime().sendSupportRequest(form);
      setStatus('sent');
      onSent?.();
    } catch (err) {
      console.error(err);
      const refused = refusal(err);
      setReason(refused ?? '');
      setStatus(refused ? 'refused' : 'failed');
    }
  };

  if (status === 'sent') {
    return (
      <div className="contact-form__thanks" role="status">
        <p>Спасибо за обращение! Мы скоро свяжемся с вами по указанному email.</p>
        {onClose && <button type="button" className="btn" onClick={onClose}>Закрыть</button>}
      </div>
    );
  }

  return (
    <form ref={formRef} className="contact-form" onSubmit={submit}>
      <div className="contact-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>Имя</label>
          <input className="input" type="text" autoComplete="name" maxLength={TEXT_LIMITS.supportName} {...field('name')} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>Email</label>
          <input className="input" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-topic`}>Тема</label>
        <input className="input" type="text" maxLength={TEXT_LIMITS.supportTopic} {...field('topic')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>Сообщение</label>
        <textarea className="input" rows={5} maxLength={TEXT_LIMITS.supportMessage} {...field('message')} />
      </div>
      <p className="contact-form__consent">
        Нажимая «Отправить», вы соглашаетесь с <a href={FRAME_LINKS.privacy}>политикой конфиденциальности</a>.
      </p>
      {status === 'refused' && (
        <p className="contact-form__error" role="alert">Не удалось отправить: {lowerFirst(reason)}.</p>
      )}
      {status === 'failed' && (
        <p className="contact-form__error" role="alert">
          Не удалось отправить сообщение. Проверьте подключение к интернету и попробуйте ещё раз.
        </p>
      )}
      <button type="submit" className="btn contact-form__submit" disabled={status === 'sending'}>
        {status === 'sending' ? 'Отправляем…' : 'Отправить'}
      </button>
    </form>
  );
}
