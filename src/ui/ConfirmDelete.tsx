/**
 * 'Удалить' and the dialog that asks first: what will be lost, 'Отмена', and 'Удалить', which
 * stays on screen with the backend's reason if the deletion is refused.
 */
import { useMemo, useRef, useState } from 'react';
import { task } from './task.ts';
import { useTask } from './use-task.ts';
import Modal from './Modal.tsx';
import './confirm-delete.css';

interface Props {
  /** The class of the 'Удалить' button where it sits. */
  buttonClassName: string;
  /** The button's words when 'Удалить' alone would not say what goes. */
  label?: string;
  /** The dialog's question, e.g. 'Удалить запись?'. */
  question: string;
  /** What deleting loses. */
  consequence: string;
  /** Said when the deletion fails for no reason the backend gives. */
  failure: string;
  onDelete: () => Promise<void>;
}

export default function ConfirmDelete({ buttonClassName, label = 'Удалить', question, consequence, failure, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  // The deletion is this button's own task; it calls the latest `onDelete` it was given.
  const latest = useRef(onDelete);
  latest.current = onDelete;
  const deletion = useMemo(() => task(() => latest.current(), failure), [failure]);
  const { pending: busy, error, run } = useTask(deletion);

  async function confirm() {
    if (await run()) setOpen(false);
  }

  return (
    <>
      <button type="button" className={buttonClassName} onClick={() => setOpen(true)}>{label}</button>
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
