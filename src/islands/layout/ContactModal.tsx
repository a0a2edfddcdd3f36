/**
 * The contact form (spec section 2): name, email, topic and message, a consent note, 'Отправить'.
 * It stores one support request and then thanks the visitor. A failure says so and keeps what
 * was typed. No checks beyond the email input's own (spec section 5).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { TEXT_LIMITS } from '../../lib/constants.ts';
import { createRuntime, type SupportRequestInput } from '../../lib/directus/runtime.ts';
import { $contactOpen, closeContact } from '../../stores/ui.ts';
import Modal from './Modal.tsx';
import './contact-modal.css';

type Status = 'editing' | 'sending' | 'sent' | 'failed';

const EMPTY: SupportRequestInput = { name: '', email: '', topic: '', message: '' };

export default function ContactModal() {
  const open = useStore($contactOpen);
  const [form, setForm] = useState<SupportRequestInput>(EMPTY);
  const [status, setStatus] = useState<Status>('editing');

  // Closing after a thank-you readies a fresh form; closing with an unsent draft keeps it.
  useEffect(() => {
    if (!open && status === 'sent') {
      setForm(EMPTY);
      setStatus('editing');
    }
  }, [open, status]);

  const field = (key: keyof SupportRequestInput) => ({
    name: key,
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (status === 'sending') return;
    setStatus('sending');
    try {
      await createRuntime().sendSupportRequest(form);
      setStatus('sent');
    } catch (err) {
      console.error(err);
      setStatus('failed');
    }
  };

  return (
    <Modal open={open} onClose={closeContact} title="Связаться с нами" className="contact-modal">
      {status === 'sent' ? (
        <div className="contact-modal__thanks" role="status">
          <p>Спасибо за обращение! Мы скоро свяжемся с вами по указанному email.</p>
          <button type="button" className="btn" onClick={closeContact}>Закрыть</button>
        </div>
      ) : (
        <form className="contact-modal__form" onSubmit={submit}>
          <label className="field">
            <span className="field__label">Имя</span>
            <input className="input" type="text" autoComplete="name" maxLength={TEXT_LIMITS.supportName} {...field('name')} />
          </label>
          <label className="field">
            <span className="field__label">Email</span>
            <input className="input" type="email" autoComplete="email" inputMode="email" {...field('email')} />
          </label>
          <label className="field">
            <span className="field__label">Тема</span>
            <input className="input" type="text" maxLength={TEXT_LIMITS.supportTopic} {...field('topic')} />
          </label>
          <label className="field">
            <span className="field__label">Сообщение</span>
            <textarea className="input" rows={5} maxLength={TEXT_LIMITS.supportMessage} {...field('message')} />
          </label>
          <p className="contact-modal__consent">
            Нажимая «Отправить», вы соглашаетесь с <a href={FRAME_LINKS.privacy}>политикой конфиденциальности</a>.
          </p>
          {status === 'failed' && (
            <p className="contact-modal__error" role="alert">
              Не удалось отправить сообщение. Проверьте подключение к интернету и попробуйте ещё раз.
            </p>
          )}
          <button type="submit" className="btn contact-modal__submit" disabled={status === 'sending'}>
            {status === 'sending' ? 'Отправляем…' : 'Отправить'}
          </button>
        </form>
      )}
    </Modal>
  );
}
