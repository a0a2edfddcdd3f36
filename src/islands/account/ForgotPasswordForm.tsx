/**
 * The forgotten password: Directus mails a link to this site's /reset-password. The answer is the
 * same whether or not an account has that email, so the form never tells who is registered.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { requestPasswordReset } from '../../lib/directus/account.ts';
import { connectionTrouble, statusOf } from './form-parts.tsx';

interface Props {
  email: string;
  onEmailChange(email: string): void;
  ready: boolean;
  onBack(): void;
}

export default function ForgotPasswordForm({ email, onEmailChange, ready, onBack }: Props) {
  const id = useId();
  const [status, setStatus] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [problem, setProblem] = useFormProblem({ email });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), [status]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending' || !ready) return;
    if (!email.trim()) {
      setProblem('Введите email', (now) => !now.email.trim());
      return;
    }
    setProblem(null);
    setStatus('sending');
    try {
      await requestPasswordReset(email);
      setStatus('sent');
    } catch (err) {
      console.error(err);
      setStatus('editing');
      // Directus checks only the shape of the address here (400); anything else is the connection.
      setProblem(statusOf(err) === 400 ? 'Укажите корректный email' : connectionTrouble('Не удалось отправить письмо'));
    }
  };

  if (status === 'sent') {
    return (
      <div className="account-form">
        <h2 ref={heading} tabIndex={-1} className="account-form__title">Проверьте почту</h2>
        <p className="form-notice" role="status">
          Если аккаунт с адресом {email.trim()} существует, мы отправили на него письмо со ссылкой для смены пароля.
        </p>
        <p className="account-form__intro">Письмо не пришло? Проверьте папку «Спам» или запросите ссылку ещё раз.</p>
        <div className="account-form__actions">
          <button type="button" className="btn" onClick={onBack}>Вернуться ко входу</button>
          <button type="button" className="link-button" onClick={() => setStatus('editing')}>Отправить ещё раз</button>
        </div>
      </div>
    );
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 ref={heading} id={`${id}-title`} tabIndex={-1} className="account-form__title">Восстановление пароля</h2>
      <p className="account-form__intro">Укажите email, с которым вы регистрировались, — мы пришлём ссылку для смены пароля.</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} className="input" type="email" name="email" autoComplete="email" inputMode="email"
          value={email} onChange={(e) => onEmailChange(e.target.value)} />
      </div>
      {problem && <p className="form-alert" role="alert">{problem}</p>}
      <button type="submit" className="btn account-form__submit" disabled={status === 'sending' || !ready}>
        {status === 'sending' ? 'Отправляем…' : 'Отправить ссылку'}
      </button>
      <button type="button" className="link-button account-form__back" onClick={onBack}>← Вернуться ко входу</button>
    </form>
  );
}
