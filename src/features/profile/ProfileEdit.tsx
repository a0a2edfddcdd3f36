/**
 * /profile/edit: login, email, names, date of birth, gender, about me, a new password twice, the
 * current password when the email or password changes, the avatar; Save and Exit. Only what changed
 * and is not empty is sent;
 * login and email are checked for uniqueness while typed, as on registration. A saved change
 * shows at once in the sidebar, which reads the same profile store.
 */
import { useEffect, useId, useState, type SubmitEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { GENDERS, TEXT_LIMITS, ACCOUNT_MESSAGES } from '../../../shared/rules.ts';
import { dobProblem, formatDobInput } from '../../../shared/dob.ts';
import { changeOf, formOf, needsCurrentPassword, passwordProblem, type EditForm } from '../../lib/profile-edit.ts';
import { $me, useAvailability, type Availability, type Me } from '../account/index.ts';
import { useTask } from '../../ui/use-task.ts';
import AccountFrame from './AccountFrame.tsx';
import AvatarUpload from './AvatarUpload.tsx';
import { profileSaving } from './store.ts';

type TextKey = 'login' | 'email' | 'first_name' | 'last_name' | 'password' | 'passwordRepeat' | 'currentPassword';

function Field({ label, problem, hint, children }: { label: string; problem?: string | null; hint?: ReactNode; children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const described = problem ? `${id}-problem` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{label}</label>
      {children({ id, describedBy: described })}
      {problem ? <p id={`${id}-problem`} className="field__problem" role="alert">{problem}</p>
        : hint ? <p id={`${id}-hint`} className="field__hint">{hint}</p> : null}
    </div>
  );
}

const TAKEN = { login: ACCOUNT_MESSAGES.loginTaken, email: ACCOUNT_MESSAGES.emailTaken } as const;
/** A check that failed counts as taken: the value is not sent until a check says it is free. */
const refused = (a: Availability) => a === 'taken' || a === 'failed';
const takenProblem = (field: 'login' | 'email', a: Availability) => (refused(a) ? TAKEN[field] : null);

function EditProfileForm({ me }: { me: Me }) {
  const [form, setForm] = useState<EditForm>(() => formOf(me));
  const [dobMessage, setDobMessage] = useState<string | null>(null);
  const [currentMessage, setCurrentMessage] = useState<string | null>(null);
  const { pending: busy, error, run, dismiss } = useTask(profileSaving, [form]);
  useEffect(() => dismiss, [dismiss]);
  // What the last submission came to, once it worked.
  const [done, setDone] = useState<string | null>(null);
  const login = useAvailability('login', form.login, me.login).state;
  const email = useAvailability('email', form.email, me.email).state;
  const mismatch = passwordProblem(form);
  const blocked = !!mismatch || refused(login) || refused(email) || login === 'checking' || email === 'checking';

  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'currentPassword') setCurrentMessage(null);
    setDone(null);
  };
  const text = (key: TextKey, ids: { id: string; describedBy?: string }, extra: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input id={ids.id} className="input" value={form[key]} aria-describedby={ids.describedBy}
      onChange={(e) => set(key, e.target.value)} {...extra} />
  );

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const { change, problems } = changeOf(form, me);
    setDobMessage(problems.dob ?? null);
    setCurrentMessage(problems.currentPassword ?? null);
    if (problems.dob || problems.password || problems.currentPassword || blocked) return;
    if (!Object.keys(change).length) {
      // Emptied fields are not sent: they show their kept values again.
      setForm(formOf(me));
      dismiss();
      setDone('Изменений нет');
      return;
    }
    setDone(null);
    const saved = await run(change);
    const stored = $me.get();
    if (!saved || !stored) return;
    // The form shows what is stored now: the new password is gone from it, an emptied field shows its kept value.
    setForm(formOf(stored));
    setDone('Изменения сохранены');
  };

  return (
    <form className="edit-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="edit-form__grid">
        <Field label="Логин" problem={takenProblem('login', login)}>
          {(ids) => text('login', ids, { autoComplete: 'username', maxLength: 32, 'aria-invalid': refused(login) || undefined })}
        </Field>
        <Field label="Email" problem={takenProblem('email', email)}>
          {(ids) => text('email', ids, { type: 'email', autoComplete: 'email', 'aria-invalid': refused(email) || undefined })}
        </Field>
        <Field label="Имя">{(ids) => text('first_name', ids, { autoComplete: 'given-name', maxLength: 50 })}</Field>
        <Field label="Фамилия">{(ids) => text('last_name', ids, { autoComplete: 'family-name', maxLength: 50 })}</Field>
        <Field label="Дата рождения" problem={dobMessage} hint="дд.мм.гггг">
          {(ids) => (
            <input id={ids.id} className="input" inputMode="numeric" placeholder="дд.мм.гггг" autoComplete="bday" value={form.dob}
              aria-describedby={ids.describedBy} aria-invalid={dobMessage ? true : undefined}
              onChange={(e) => { set('dob', formatDobInput(e.target.value)); setDobMessage(null); }}
              onBlur={() => setDobMessage(form.dob ? dobProblem(form.dob, new Date()) : null)} />
          )}
        </Field>
        <fieldset className="field edit-form__gender">
          <legend className="field__label">Пол</legend>
          <div className="edit-form__radios">
            {GENDERS.map((g) => (
              <label key={g} className="edit-form__radio">
                <input type="radio" name="gender" value={g} checked={form.gender === g} onChange={() => set('gender', g)} />
                {g}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="edit-form__wide">
          <Field label="О себе" hint={`${form.aboutMe.length} / ${TEXT_LIMITS.aboutMe}`}>
            {(ids) => (
              <textarea id={ids.id} className="input" rows={5} maxLength={TEXT_LIMITS.aboutMe} value={form.aboutMe}
                aria-describedby={ids.describedBy} onChange={(e) => set('aboutMe', e.target.value)} />
            )}
          </Field>
        </div>
        <Field label="Новый пароль" hint="Оставьте пустым, чтобы не менять">
          {(ids) => text('password', ids, { type: 'password', autoComplete: 'new-password' })}
        </Field>
        <Field label="Повторите пароль" problem={mismatch}>
          {(ids) => text('passwordRepeat', ids, { type: 'password', autoComplete: 'new-password', 'aria-invalid': mismatch ? true : undefined })}
        </Field>
        {needsCurrentPassword(form, me) && (
          <Field label="Текущий пароль" problem={currentMessage} hint="Нужен, чтобы сменить email или пароль">
            {(ids) => text('currentPassword', ids, { type: 'password', autoComplete: 'current-password', 'aria-invalid': currentMessage ? true : undefined })}
          </Field>
        )}
      </div>
      {done && <p className="form-ok" role="status">{done}</p>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <div className="edit-form__actions">
        <button type="submit" className="btn" disabled={busy || blocked}>{busy ? 'Сохраняем…' : 'Сохранить'}</button>
        <a className="btn btn--ghost" href="/profile">Закрыть</a>
      </div>
    </form>
  );
}

export default function ProfileEdit() {
  return (
    <AccountFrame editing>
      {(me) => (
        <div className="edit">
          <AvatarUpload me={me} />
          <EditProfileForm me={me} />
        </div>
      )}
    </AccountFrame>
  );
}
