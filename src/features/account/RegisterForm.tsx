/**
 * Registration: login, first and last name, email, date of birth typed as
 * digits and shown as dd.mm.yyyy, gender, password twice, and the 'over 18' box that enables the
 * button. Blank fields get 'Заполните все поля' (until they are filled) and nothing is sent; login and email are checked
 * for uniqueness while typed and block the form while taken. The whole account is made in one
 * call, then the person is signed in (the store's `registration`); a login or email another registration took
 * meanwhile comes back on its field, to change and send again.
 */
import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { ACCOUNT_MESSAGES, DOB, GENDERS, PASSWORD_MIN_LENGTH } from '../../../shared/rules.ts';
import { dobProblem, formatDobInput } from '../../../shared/dob.ts';
import {
  EMPTY_REGISTRATION, blankFields, checkRegistration, isLoginShaped, type RegistrationField, type RegistrationForm,
} from './registration.ts';
import { FieldMessage, describedBy, error, type FieldNote } from '../../ui/field-note.tsx';
import PasswordInput from './PasswordInput.tsx';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { useFieldFaults } from '../../ui/use-field-faults.ts';
import { useTask } from '../../ui/use-task.ts';
import { registration, takenField } from './sign-in-store.ts';
import { useAvailability, type Availability } from './use-availability.ts';

interface Props {
  ready: boolean;
  onSignIn(): void;
}

/** 'dd.mm.yyyy' is ten characters. */
const DOB_DISPLAY_LENGTH = DOB.digits + 2;

const blocks = (a: Availability) => a === 'taken' || a === 'failed';

function availabilityNote(state: Availability, taken: string, what: string): FieldNote | null {
  if (state === 'taken') return error(taken);
  if (state === 'failed') return error(`Не удалось проверить ${what}. Попробуйте ещё раз`);
  if (state === 'free') return { text: `${what[0].toUpperCase()}${what.slice(1)} свободен`, tone: 'ok' };
  return null;
}

/** Once the field was left: not a date, or the date of someone under 18. */
function dobNote(dob: string, left: boolean): FieldNote | null {
  const problem = dob && left ? dobProblem(dob, new Date()) : null;
  return problem ? error(problem) : null;
}

export default function RegisterForm({ ready, onSignIn }: Props) {
  const id = useId();
  const fieldId = (key: RegistrationField) => `${id}-${key}`;
  const [form, setForm] = useState<RegistrationForm>(EMPTY_REGISTRATION);
  const [adult, setAdult] = useState(false);
  /** Fields left once (their own checks show from then on) or flagged by a refused submission. */
  const [touched, setTouched] = useState<Set<RegistrationField>>(new Set());
  const blank = useFieldFaults(fieldId);
  const registering = useTask(registration, Object.values(form));
  const [problem, setProblem] = useFormProblem(form);

  const loginShaped = isLoginShaped(form.login);
  const login = useAvailability('login', loginShaped ? form.login : '');
  const email = useAvailability('email', form.email);

  // Another registration took the login or email meanwhile: its field says so and blocks the form.
  const taken = takenField(registering.error);
  const formAlert = problem ?? (taken ? null : registering.error);
  useEffect(() => {
    if (!taken) return;
    (taken === 'login' ? login : email).markTaken();
    focus(taken);
  }, [taken]);

  const set = (key: RegistrationField, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (value.trim()) blank.clear(key);
  };
  const touch = (key: RegistrationField) => setTouched((t) => (t.has(key) ? t : new Set(t).add(key)));
  const focus = (key: RegistrationField) => document.getElementById(fieldId(key))?.focus();

  const blankNote = blank.note;
  const notes: Record<RegistrationField, FieldNote | null> = {
    login: blankNote('login')
      ?? (form.login.trim() && !loginShaped && touched.has('login') ? error(ACCOUNT_MESSAGES.loginShape) : null)
      ?? availabilityNote(login.state, ACCOUNT_MESSAGES.loginTaken, 'логин'),
    first_name: blankNote('first_name'),
    last_name: blankNote('last_name'),
    email: blankNote('email') ?? availabilityNote(email.state, ACCOUNT_MESSAGES.emailTaken, 'email'),
    dob: blankNote('dob') ?? dobNote(form.dob, touched.has('dob')),
    gender: blankNote('gender'),
    password: blankNote('password')
      ?? (form.password && touched.has('password') && form.password.length < PASSWORD_MIN_LENGTH ? error(ACCOUNT_MESSAGES.passwordTooShort) : null)
      ?? { text: `Не меньше ${PASSWORD_MIN_LENGTH} символов`, tone: 'hint' },
    repeat: blankNote('repeat')
      ?? (form.repeat && (touched.has('repeat') || form.repeat.length >= form.password.length) && form.repeat !== form.password
        ? error(ACCOUNT_MESSAGES.passwordsDiffer) : null),
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registering.pending || !ready || !adult) return;
    const check = checkRegistration(form);
    if (!check.ok) {
      setTouched(new Set([...touched, ...check.fields]));
      if (check.message === ACCOUNT_MESSAGES.fillAll) {
        blank.mark(check.fields);
        setProblem(check.message, (now) => blankFields(now).length > 0);
      } else {
        setProblem(null);
        focus(check.fields[0]);
      }
      return;
    }
    setProblem(null);
    // Taken (or not known to be free) blocks the form: wait for checks under way, ask again after a failure.
    const [loginState, emailState] = await Promise.all([login.settle(), email.settle()]);
    if (blocks(loginState) || blocks(emailState)) {
      focus(blocks(loginState) ? 'login' : 'email');
      return;
    }
    await registering.run(check.registration);
  };

  const text = (key: RegistrationField, label: string, extra: Record<string, string | number> = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={fieldId(key)}>{label}</label>
      <input id={fieldId(key)} className="input" name={key} value={form[key]} onChange={(e) => set(key, e.target.value)}
        onBlur={() => touch(key)} {...extra} {...describedBy(fieldId(key), notes[key])} />
      <FieldMessage fieldId={fieldId(key)} note={notes[key]} />
    </div>
  );

  const password = (key: 'password' | 'repeat', label: string) => (
    <div className="field">
      <label className="field__label" htmlFor={fieldId(key)}>{label}</label>
      <PasswordInput id={fieldId(key)} name={key} autoComplete="new-password" value={form[key]}
        onChange={(e) => set(key, e.target.value)} onBlur={() => touch(key)} {...describedBy(fieldId(key), notes[key])} />
      <FieldMessage fieldId={fieldId(key)} note={notes[key]} />
    </div>
  );

  return (
    <form className="account-form" method="post" noValidate onSubmit={submit} aria-label="Регистрация">
      {text('login', 'Логин', { autoComplete: 'username', autoCapitalize: 'off', spellCheck: 'false', maxLength: 32 })}
      <div className="account-form__row">
        {text('first_name', 'Имя', { autoComplete: 'given-name', maxLength: 50 })}
        {text('last_name', 'Фамилия', { autoComplete: 'family-name', maxLength: 50 })}
      </div>
      {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      <div className="account-form__row">
        <div className="field">
          <label className="field__label" htmlFor={fieldId('dob')}>Дата рождения</label>
          <input id={fieldId('dob')} className="input" name="dob" inputMode="numeric" autoComplete="bday" placeholder="дд.мм.гггг"
            maxLength={DOB_DISPLAY_LENGTH} value={form.dob} onChange={(e) => set('dob', formatDobInput(e.target.value))}
            onBlur={() => touch('dob')} {...describedBy(fieldId('dob'), notes.dob)} />
          <FieldMessage fieldId={fieldId('dob')} note={notes.dob} />
        </div>
        <fieldset className="radio-group" role="radiogroup" aria-labelledby={`${fieldId('gender')}-legend`}
          {...describedBy(fieldId('gender'), notes.gender)}>
          <legend id={`${fieldId('gender')}-legend`} className="field__label">Пол</legend>
          <div className="radio-group__options">
            {GENDERS.map((g) => (
              <label key={g} className="radio-group__option">
                <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => set('gender', g)}
                  id={g === GENDERS[0] ? fieldId('gender') : undefined} />
                <span>{g}</span>
              </label>
            ))}
          </div>
          <FieldMessage fieldId={fieldId('gender')} note={notes.gender} />
        </fieldset>
      </div>
      <div className="account-form__row">
        {password('password', 'Пароль')}
        {password('repeat', 'Повторите пароль')}
      </div>
      <label className="check">
        <input type="checkbox" name="adult" checked={adult} onChange={(e) => setAdult(e.target.checked)} />
        Мне исполнилось 18 лет
      </label>
      {formAlert && <p className="form-alert" role="alert">{formAlert}</p>}
      {/* Off until the box is ticked; while sending only aria-disabled (`submit` ignores it), keeping the keyboard's focus. */}
      <button type="submit" className="btn account-form__submit" disabled={!adult || !ready} aria-disabled={registering.pending || undefined}>
        {registering.pending ? 'Создаём аккаунт…' : 'Зарегистрироваться'}
      </button>
      <p className="account-form__switch">
        Уже есть аккаунт? <button type="button" className="link-button" onClick={onSignIn}>Войти</button>
      </p>
    </form>
  );
}
