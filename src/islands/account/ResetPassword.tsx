/**
 * /reset-password?token=…, the page the reset mail links to: the new password twice, then the way
 * to sign in with it. A link that expired or was used already says so and leads to a new one.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../shared/rules.ts';
import { resetPassword } from '../../lib/directus/account.ts';
import { $session, clearSession } from '../../stores/session.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { FieldMessage, backendReason, connectionTrouble, describedBy, error, statusOf, type FieldNote } from './form-parts.tsx';
import PasswordInput from './PasswordInput.tsx';
import './account.css';

type Status = 'editing' | 'sending' | 'done' | 'dead-link';

/** Where a new link is asked for. */
const FORGOT_HREF = '/login#forgot';

export default function ResetPassword() {
  const id = useId();
  const hydrated = useHydrated();
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [status, setStatus] = useState<Status>('editing');
  const [problem, setProblem] = useFormProblem({ password, repeat });
  const [passwordTouched, setPasswordTouched] = useState(false);

  useEffect(() => setToken(new URLSearchParams(location.search).get('token')), []);

  const differ = repeat !== '' && repeat !== password;
  const passwordNote: FieldNote = passwordTouched && password && password.length < PASSWORD_MIN_LENGTH
    ? error(ACCOUNT_MESSAGES.passwordTooShort)
    : { text: `Не меньше ${PASSWORD_MIN_LENGTH} символов`, tone: 'hint' };
  const repeatNote = differ ? error(ACCOUNT_MESSAGES.passwordsDiffer) : null;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending' || !token || differ) return;
    if (!password || !repeat) {
      setProblem(ACCOUNT_MESSAGES.fillAll, (now) => !now.password || !now.repeat);
      return;
    }
    if (password.length < PASSWORD_MIN_LENGTH) {
      setPasswordTouched(true);
      setProblem(null);
      return;
    }
    setProblem(null);
    setStatus('sending');
    try {
      await resetPassword(token, password);
      // A new password ends every session of the account: one stored here is over too.
      if ($session.get()) clearSession();
      setStatus('done');
    } catch (err) {
      console.error(err);
      const code = statusOf(err);
      if (code === 401 || code === 403) {
        setStatus('dead-link');
        return;
      }
      setStatus('editing');
      setProblem(backendReason(err) ?? connectionTrouble('Не удалось сменить пароль'));
    }
  };

  if (status === 'done') {
    return (
      <div className="account-done" role="status">
        <h2 className="account-form__title">Пароль изменён</h2>
        <p>Теперь войдите с новым паролем.</p>
        <a className="btn" href="/login">Войти</a>
      </div>
    );
  }
  if (status === 'dead-link' || (hydrated && !token)) {
    return (
      <div className="account-done" role="alert">
        <h2 className="account-form__title">Ссылка не работает</h2>
        <p>
          {token
            ? 'Ссылка для смены пароля устарела или уже использована.'
            : 'В ссылке не хватает кода для смены пароля: откройте её из письма целиком.'}
          {' '}Запросите новую — письмо придёт через минуту.
        </p>
        <a className="btn" href={FORGOT_HREF}>Запросить новую ссылку</a>
      </div>
    );
  }

  return (
    <form className="account-form" method="post" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-form__title">Новый пароль</h2>
      <p className="account-form__intro">Придумайте пароль и введите его дважды.</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>Новый пароль</label>
        <PasswordInput id={`${id}-password`} name="password" autoComplete="new-password" value={password}
          onChange={(e) => setPassword(e.target.value)} onBlur={() => setPasswordTouched(true)} {...describedBy(`${id}-password`, passwordNote)} />
        <FieldMessage fieldId={`${id}-password`} note={passwordNote} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-repeat`}>Повторите пароль</label>
        <PasswordInput id={`${id}-repeat`} name="repeat" autoComplete="new-password" value={repeat}
          onChange={(e) => setRepeat(e.target.value)} {...describedBy(`${id}-repeat`, repeatNote)} />
        <FieldMessage fieldId={`${id}-repeat`} note={repeatNote} />
      </div>
      {problem && <p className="form-alert" role="alert">{problem}</p>}
      <button type="submit" className="btn account-form__submit" disabled={status === 'sending' || differ || !hydrated}>
        {status === 'sending' ? 'Сохраняем…' : 'Сохранить пароль'}
      </button>
    </form>
  );
}
