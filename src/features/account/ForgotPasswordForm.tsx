/**
 * The forgotten password: Directus mails a link to this site's /reset-password. The answer is the
 * same whether or not an account has that email, so the form never tells who is registered.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { useTask } from '../../ui/use-task.ts';
import { resetRequest } from './sign-in-store.ts';

interface Props {
  email: string;
  onEmailChange(email: string): void;
  ready: boolean;
  onBack(): void;
}

export default function ForgotPasswordForm({ email, onEmailChange, ready, onBack }: Props) {
  const id = useId();
  const [sent, setSent] = useState(false);
  const { pending, error, run } = useTask(resetRequest, [email]);
  const [problem, setProblem] = useFormProblem({ email });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), [sent]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !ready) return;
    if (!email.trim()) {
      setProblem('Введите email', (now) => !now.email.trim());
      return;
    }
    setProblem(null);
    if (await run(email)) setSent(true);
  };

  if (sent) {
    return (
      <div className="account-form">
        <h2 ref={heading} tabIndex={-1} className="account-form__title">Проверьте почту</h2>
        <p className="form-notice" role="status">
          Если аккаунт с адресом {email.trim()} существует, мы отправили на него письмо со ссылкой для смены пароля.
        </p>
        <p className="account-form__intro">Письмо не пришло? Проверьте папку «Спам» или запросите ссылку ещё раз.</p>
        <div className="account-form__actions">
          <button type="button" className="btn" onClick={onBack}>Вернуться ко входу</button>
          <button type="button" className="link-button" onClick={() => setSent(false)}>Отправить ещё раз</button>
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
      {(problem ?? error) && <p className="form-alert" role="alert">{problem ?? error}</p>}
      <button type="submit" className="btn account-form__submit" disabled={pending || !ready}>
        {pending ? 'Отправляем…' : 'Отправить ссылку'}
      </button>
      <button type="button" className="link-button account-form__back" onClick={onBack}>← Вернуться ко входу</button>
    </form>
  );
}
