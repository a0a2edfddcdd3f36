/**
 * The contact form: name, email, topic and message, a consent note, 'Отправить'.
 * It stores one support request and then thanks the visitor. A failure says so and keeps what
 * was typed. Its own checks are the email input's and the length caps (TextLimit: a counter near a
 * cap, past it 'Отправить' is off; nothing is cut); the backend refuses a request without a name,
 * email or message, and the form then shows the backend's reason rather than blaming the connection:
 * at the field it names, which takes the keyboard. Once sent, the thanks take it.
 * Used inside the contact modal and on its own as the static pages' questions form.
 * It sends only through its script: 'Отправить' is off until hydrated (so Enter submits nothing either),
 * and `method="post"` keeps what was typed out of any address even so.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { TEXT_LIMITS } from '../../../shared/visitor-rules.ts';
import { useTask } from '../../ui/use-task.ts';
import { contactSending, refusedField } from './contact.ts';
import { FieldMessage, describedBy, error as fieldError } from '../../ui/field-note.tsx';
import { useFieldFaults } from '../../ui/use-field-faults.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../ui/text-limit.ts';
import { useFilledBeforeHydration } from '../../ui/use-filled-before-hydration.ts';
import type { SupportRequestInput } from '../../lib/directus/runtime.ts';
import './contact-form.css';

const EMPTY: SupportRequestInput = { name: '', email: '', topic: '', message: '' };

interface Props {
  /** Shown after the thank-you as a 'Закрыть' button (the modal passes it). */
  onClose?: () => void;
  /** Told once the request is stored. */
  onSent?: () => void;
}

export default function ContactForm({ onClose, onSent }: Props) {
  const [form, setForm] = useState<SupportRequestInput>(EMPTY);
  const [sent, setSent] = useState(false);
  // The backend's refusal speaks of what was typed: it goes once the fields change.
  const { pending, error, run } = useTask(contactSending, Object.values(form));
  const id = useId();
  const fieldId = (key: keyof SupportRequestInput) => `${id}-${key}`;
  const faults = useFieldFaults(fieldId);
  const thanks = useRef<HTMLDivElement>(null);
  const formRef = useFilledBeforeHydration<HTMLFormElement>((name, value) => {
    if (name in EMPTY) setForm((f) => ({ ...f, [name]: String(value) }));
  });
  const hydrated = useHydrated();
  const tooLong = overLimit(form.name, TEXT_LIMITS.supportName) || overLimit(form.topic, TEXT_LIMITS.supportTopic)
    || overLimit(form.message, TEXT_LIMITS.supportMessage);

  const field = (key: keyof SupportRequestInput) => ({
    id: fieldId(key),
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      faults.clear(key);
    },
    ...describedBy(fieldId(key), faults.note(key)),
  });
  const note = (key: keyof SupportRequestInput) => <FieldMessage fieldId={fieldId(key)} note={faults.note(key)} />;

  // The form that had the keyboard is gone: the thanks' «Закрыть» takes it, or the thanks themselves.
  useEffect(() => {
    if (sent) (thanks.current?.querySelector('button') ?? thanks.current)?.focus();
  }, [sent]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (await run(form)) {
      setSent(true);
      onSent?.();
      return;
    }
    const refused = refusedField(contactSending.$state.get().error);
    if (refused) faults.mark([refused.field], fieldError(refused.reason));
  };
  // A refusal of one field is said there; the form's alert tells the rest.
  const formAlert = refusedField(error) ? null : error;

  if (sent) {
    return (
      <div className="contact-form__thanks" role="status" ref={thanks} tabIndex={-1}>
        <p>Спасибо за обращение! Мы скоро свяжемся с вами по указанному email.</p>
        {onClose && <button type="button" className="btn" onClick={onClose}>Закрыть</button>}
      </div>
    );
  }

  return (
    <form ref={formRef} className="contact-form" method="post" onSubmit={submit}>
      <div className="contact-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-name`}>Имя</label>
          <input className="input" type="text" autoComplete="name" {...field('name')} />
          <TextLimit text={form.name} max={TEXT_LIMITS.supportName} />
          {note('name')}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>Email</label>
          <input className="input" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          {note('email')}
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-topic`}>Тема</label>
        <input className="input" type="text" {...field('topic')} />
        <TextLimit text={form.topic} max={TEXT_LIMITS.supportTopic} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>Сообщение</label>
        <textarea className="input" rows={5} {...field('message')} />
        <TextLimit text={form.message} max={TEXT_LIMITS.supportMessage} />
        {note('message')}
      </div>
      <p className="contact-form__consent">
        Нажимая «Отправить», вы соглашаетесь с <a href={FRAME_LINKS.privacy}>политикой конфиденциальности</a>.
      </p>
      {formAlert && <p className="contact-form__error" role="alert">{formAlert}</p>}
      {/* Not disabled while sending: a disabled button would drop the keyboard's focus to the page's start. */}
      <button type="submit" className="btn contact-form__submit" disabled={tooLong || !hydrated} aria-disabled={pending || undefined}>
        {pending ? 'Отправляем…' : 'Отправить'}
      </button>
    </form>
  );
}
