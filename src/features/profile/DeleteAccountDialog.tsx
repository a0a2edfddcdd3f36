/**
 * Deleting the profile, confirmed by the password: the dialog says plainly what goes with it.
 * Afterwards the session is gone and the person lands on the home page.
 */
import { useRef, useState, type SubmitEvent } from 'react';
import { useFormProblem } from '../../ui/use-form-problem.ts';
import { useTask } from '../../ui/use-task.ts';
import Modal from '../../ui/Modal.tsx';
import { accountDeletion } from '../account/index.ts';
import { deleteAccountHere } from './use-own-account.ts';

const WHAT_GOES = [
  'профиль, аватар и украшения;',
  'ваши отзывы, комментарии и реакции (ответы других людей останутся под надписью «Комментарий удалён»), записи в профиле с комментариями;',
  'сообщения в общем и личных чатах и личные чаты, которые вы начали;',
  'оценки, списки, любимые актёры и все загруженные картинки.',
];

export default function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  // An empty password is told here; the backend's refusal is the deletion's own.
  const [missing, setMissing] = useFormProblem({ password });
  const deletion = useTask(accountDeletion, [password]);
  const busy = deletion.pending;
  const error = missing ?? deletion.error;
  const field = useRef<HTMLInputElement>(null);

  const close = () => {
    if (busy) return;
    setPassword('');
    setMissing(null);
    deletion.dismiss();
    onClose();
  };

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (!password) {
      deletion.dismiss();
      setMissing('Введите пароль');
      return;
    }
    setMissing(null);
    if (!(await deleteAccountHere(password))) field.current?.focus();
  };

  return (
    <Modal open={open} onClose={close} title="Удалить профиль" initialFocus={field} className="delete-account">
      <form className="delete-account__form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="delete-account__warning">Профиль будет удалён навсегда, восстановить его нельзя. Вместе с ним удалятся:</p>
        <ul className="delete-account__list">{WHAT_GOES.map((line) => <li key={line}>{line}</li>)}</ul>
        <label className="field">
          <span className="field__label">Пароль для подтверждения</span>
          <input ref={field} className="input" type="password" autoComplete="current-password" value={password}
            aria-invalid={error ? true : undefined} aria-describedby={error ? 'delete-account-error' : undefined}
            onChange={(e) => setPassword(e.target.value)} />
        </label>
        {error && <p id="delete-account-error" className="form-error" role="alert">{error}</p>}
        <div className="delete-account__actions">
          <button type="button" className="btn btn--ghost" onClick={close} disabled={busy}>Отмена</button>
          <button type="submit" className="btn btn--danger" disabled={busy}>{busy ? 'Удаляем…' : 'Удалить навсегда'}</button>
        </div>
      </form>
    </Modal>
  );
}
