/** What an own account screen shows until the profile is read: that it loads, or that it could not (with a retry). */
import { loadMe, type MeStatus } from '../account/index.ts';

export default function OwnAccountPending({ status }: { status: MeStatus }) {
  return status === 'error' ? (
    <p className="list-status list-status--error" role="alert">
      Не удалось загрузить профиль.{' '}
      <button type="button" className="list-status__retry" onClick={() => void loadMe({ force: true })}>Повторить</button>
    </p>
  ) : (
    <p className="list-status" role="status">Загружаем профиль…</p>
  );
}
