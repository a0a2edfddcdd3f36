/**
 * Sign in: email, password with show / hide, 'Запомнить меня' (checked, the
 * session outlives the browser; unchecked, it ends when the browser closes), the forgot-password
 * button and the switch to registration. Success returns to the screen that sent the person here
 * (`?next=`), or the page they came from, or home. Blank fields get 'Заполните все поля', each marked as registration
 * marks them. A wrong email or password reads 'Неверный email или пароль'; the sign-in limits explain
 * themselves in the backend's words.
 */
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { useFieldFaults } from '../../ui/use-field-faults.ts';
import { FieldMessage, describedBy } from '../../ui/field-note.tsx';
import { useTask } from '../../ui/use-task.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/rules.ts';
import { signingIn } from './sign-in-store.ts';
import PasswordInput from './PasswordInput.tsx';
import { useFilledBeforeHydration } from '../../ui/use-filled-before-hydration.ts';

interface Props {
  email: string;
  onEmailChange(email: string): void;
  /** Shown above the form (a registration that just succeeded). */
  notice: string | null;
  /** False until the island has hydrated: the form must not be sent by the browser itself. */
  ready: boolean;
  onForgot(): void;
  onRegister(): void;
}

type SignInField = 'email' | 'password';

export default function SignInForm({ email, onEmailChange, notice, ready, onForgot, onRegister }: Props) {
  const id = useId();
  const fieldId = (key: SignInField) => `${id}-${key}`;
  // As registration: each blank field says so, marked invalid, and the first takes the keyboard.
  const blank = useFieldFaults(fieldId);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const { pending, error, run } = useTask(signingIn, [email, password]);
  const [problem, setProblem] = useFormProblem({ email, password });
  const passwordRef = useRef<HTMLInputElement>(null);
  const formRef = useFilledBeforeHydration<HTMLFormElement>((name, value) => {
    if (name === 'email') onEmailChange(String(value));
    if (name === 'password') setPassword(String(value));
    if (name === 'remember') setRemember(value === true);
  });

  // After registering, the email is filled in: the password is what is left to type.
  useEffect(() => {
    if (notice) passwordRef.current?.focus();
  }, [notice]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || !ready) return;
    const blanks = ([['email', email.trim()], ['password', password]] as const).filter(([, value]) => !value).map(([key]) => key);
    if (blanks.length) {
      setProblem(ACCOUNT_MESSAGES.fillAll, (now) => !now.email.trim() || !now.password);
      blank.mark(blanks);
      return;
    }
    setProblem(null);
    await run(email, password, remember);
  };

  return (
    <form ref={formRef} className="account-form" method="post" noValidate onSubmit={submit} aria-label="Вход">
      {notice && <p className="form-notice" role="status">{notice}</p>}
      <div className="field">
        <label className="field__label" htmlFor={fieldId('email')}>Email</label>
        <input id={fieldId('email')} className="input" type="email" name="email" autoComplete="email" inputMode="email"
          value={email} onChange={(e) => {
            onEmailChange(e.target.value);
            if (e.target.value.trim()) blank.clear('email');
          }} {...describedBy(fieldId('email'), blank.note('email'))} />
        <FieldMessage fieldId={fieldId('email')} note={blank.note('email')} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={fieldId('password')}>Пароль</label>
        <PasswordInput ref={passwordRef} id={fieldId('password')} name="password" autoComplete="current-password"
          value={password} onChange={(e) => {
            setPassword(e.target.value);
            if (e.target.value) blank.clear('password');
          }} {...describedBy(fieldId('password'), blank.note('password'))} />
        <FieldMessage fieldId={fieldId('password')} note={blank.note('password')} />
      </div>
      <div className="account-form__actions">
        <label className="check">
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          Запомнить меня
        </label>
        <button type="button" className="link-button" onClick={onForgot}>Забыли пароль?</button>
      </div>
      {(problem ?? error) && <p className="form-alert" role="alert">{problem ?? error}</p>}
      {/* Not disabled while sending (`submit` ignores it meanwhile): the keyboard's focus would drop to the page's start. */}
      <button type="submit" className="btn account-form__submit" disabled={!ready} aria-disabled={pending || undefined}>
        {pending ? 'Входим…' : 'Войти'}
      </button>
      <p className="account-form__switch">
        Нет аккаунта? <button type="button" className="link-button" onClick={onRegister}>Зарегистрироваться</button>
      </p>
    </form>
  );
}
