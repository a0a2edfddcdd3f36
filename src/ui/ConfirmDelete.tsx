/**
 * 'Удалить' and the dialog that asks first: what will be lost, 'Отмена', and 'Удалить', which
 * stays on screen with the backend's reason if the deletion is refused.
 */
import { useState } from 'react';
import { reasonOf } from '../lib/directus/request-error.ts';
import Modal from './Modal.tsx';
import './confirm-delete.css';

interface Props {
  /** The class of the 'Удалить' button where it sits. */
  buttonClassName: string;
  /** The dialog's question, e.g. 'Удалить запись?'. */
  question: string;
  /** What deleting loses. */
  consequence: string;
  /** Said when the deletion fails for no reason the backend gives. */
  failure: string;
  onDelete: () => Promise<void>;
}

export default function ConfirmDelete({ buttonClassName, question, consequence, failure, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
      setOpen(false);
    } catch (err) {
      console.error(err);
      setError(reasonOf(err, failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={buttonClassName} onClick={() => setOpen(true)}>Удалить</button>
      <Modal open={open} onClose={() => !busy && setOpen(false)} title={question}>
        <p className="confirm-delete__text">{consequence}</p>
        {error && <p className="confirm-delete__error" role="alert">{error}</p>}
        <div className="confirm-delete__buttons">
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)} disabled={busy}>Отмена</button>
          <button type="button" className="btn confirm-delete__go" onClick={() => void confirm()} disabled={busy}>{busy ? 'Удаляем…' : 'Удалить'}</button>
        </div>
      </Modal>
    </>
  );
}
