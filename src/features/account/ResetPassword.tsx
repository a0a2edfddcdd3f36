/**
 * /reset-password?token=…, the page the reset mail links to: the new password twice, then the way
 * to sign in with it. A link that expired or was used already says so and leads to a new one.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '../../../shared/rules.ts';
import { useTask } from '../../ui/use-task.ts';
import { DEAD_RESET_LINK, passwordReset } from './sign-in-store.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { FieldMessage, describedBy, error, type FieldNote } from '../../ui/field-note.tsx';
import PasswordInput from './PasswordInput.tsx';
import './account.css';

/** Where a new link is asked for. */
const FORGOT_HREF = '/login#forgot';

export default function ResetPassword() {
  const id = useId();
  const hydrated = useHydrated();
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const saving = useTask(passwordReset, [password, repeat]);
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
    if (saving.pending || !token || differ) return;
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
    if (await saving.run(token, password)) setDone(true);
  };

  if (done) {
    return (
      <div className="account-done" role="status">
        <h2 className="account-form__title">Пароль изменён</h2>
        <p>Теперь войдите с новым паролем.</p>
        <a className="btn" href="/login">Войти</a>
      </div>
    );
  }
  if (saving.error === DEAD_RESET_LINK || (hydrated && !token)) {
    return (
      <div className="account-done" role="alert">
        <h2 className="account-form__title">Ссылка не работает</h2>
        <p>
          {token
            ? DEAD_RESET_LINK
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
      {(problem ?? saving.error) && <p className="form-alert" role="alert">{problem ?? saving.error}</p>}
      <button type="submit" className="btn account-form__submit" disabled={saving.pending || differ || !hydrated}>
        {saving.pending ? 'Сохраняем…' : 'Сохранить пароль'}
      </button>
    </form>
  );
}
