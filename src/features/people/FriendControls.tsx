/**
 * The buttons of a friendship, for signed-in people: ask, accept or decline a request, take one's
 * own back, remove a friend (after the confirm dialog). Each says what went wrong beside it, in the
 * backend's words when it gave a reason.
 */
import { useTask } from '../../ui/use-task.ts';
import { accepting, asking, cancelling, declining, removeFriend } from './friends-store.ts';
import ConfirmDelete from '../../ui/ConfirmDelete.tsx';
import './friends.css';

function Problem({ error }: { error: string | null }) {
  return error ? <p className="friend-controls__error" role="alert">{error}</p> : null;
}

export function AskButton({ personId }: { personId: string }) {
  const ask = useTask(asking.of(personId));
  return (
    <div className="friend-controls">
      <button type="button" className="btn" disabled={ask.pending} onClick={() => void ask.run()}>
        {ask.pending ? 'Отправляем…' : 'Добавить в друзья'}
      </button>
      <Problem error={ask.error} />
    </div>
  );
}

export function AnswerButtons({ friendship }: { friendship: number }) {
  const accept = useTask(accepting.of(friendship));
  const decline = useTask(declining.of(friendship));
  const busy = accept.pending || decline.pending;
  return (
    <div className="friend-controls">
      <button type="button" className="btn" disabled={busy} onClick={() => { decline.dismiss(); void accept.run(); }}>Принять заявку</button>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => { accept.dismiss(); void decline.run(); }}>Отклонить</button>
      <Problem error={accept.error ?? decline.error} />
    </div>
  );
}

export function CancelButton({ friendship }: { friendship: number }) {
  const cancel = useTask(cancelling.of(friendship));
  return (
    <div className="friend-controls">
      <button type="button" className="btn btn--ghost" disabled={cancel.pending} onClick={() => void cancel.run()}>Отменить заявку</button>
      <Problem error={cancel.error} />
    </div>
  );
}

export function RemoveButton({ friendship, login }: { friendship: number; login: string }) {
  return (
    <div className="friend-controls">
      <ConfirmDelete
        buttonClassName="btn btn--ghost"
        label="Удалить из друзей"
        question={`Удалить ${login} из друзей?`}
        consequence={`${login} пропадёт из ваших друзей, а вы — из друзей ${login}. Добавить друг друга можно будет снова.`}
        failure="Не удалось удалить из друзей. Попробуйте ещё раз."
        onDelete={() => removeFriend(friendship)}
      />
    </div>
  );
}
