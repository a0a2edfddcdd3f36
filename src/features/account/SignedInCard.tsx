/**
 * /login for someone already signed in: who they are, the way to their profile, and 'Выйти',
 * which ends the session on the backend at once. The profile comes from `$me`; a session the
 * backend no longer accepts is cleared there and the page reloads as a visitor's.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { personView } from '../../lib/people.ts';
import { useTask } from '../../ui/use-task.ts';
import { $me, $meStatus, loadMe, signingOut } from './store.ts';
import { Avatar, PersonName } from '../people/index.ts';

export default function SignedInCard() {
  const me = useStore($me);
  const status = useStore($meStatus);
  const { pending: leaving, run: leave } = useTask(signingOut);

  useEffect(() => {
    void loadMe();
  }, []);

  if (status === 'error') {
    return (
      <div className="account-me" role="alert">
        <p className="account-status">Не удалось загрузить профиль.</p>
        <div className="account-me__actions">
          <button type="button" className="btn" onClick={() => void loadMe({ force: true })}>Повторить</button>
          <button type="button" className="btn btn--ghost" onClick={() => void leave()} disabled={leaving}>Выйти</button>
        </div>
      </div>
    );
  }
  if (!me) return <p className="account-status" role="status">Загружаем профиль…</p>;

  const person = personView(me);
  return (
    <section className="account-me" aria-labelledby="account-me-who">
      <Avatar person={person} size={96} />
      <h2 id="account-me-who" className="account-me__who">Вы вошли как <PersonName person={person} /></h2>
      <p className="account-me__email">{me.email}</p>
      <div className="account-me__actions">
        <a className="btn" href={FRAME_LINKS.profile}>Мой профиль</a>
        <button type="button" className="btn btn--ghost" onClick={() => void leave()} disabled={leaving}>
          {leaving ? 'Выходим…' : 'Выйти'}
        </button>
      </div>
    </section>
  );
}
