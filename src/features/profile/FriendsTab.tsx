/**
 * Друзья on the own profile: requests to answer, friends (each removable after the confirm
 * dialog), and requests sent that wait for an answer.
 */
import { useEffect, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { Tie } from '../../lib/friends.ts';
import { personView } from '../../lib/people.ts';
import { $circle, $ownFriendships, AnswerButtons, CancelButton, RemoveButton, loadOwnFriendships } from '../people/for-signed-in.ts';
import type { FriendPerson } from '../people/index.ts';
import { Avatar, PersonName } from '../people/index.ts';

function Rows({ ties, actions }: { ties: Tie<FriendPerson>[]; actions: (tie: Tie<FriendPerson>, login: string) => ReactNode }) {
  return (
    <ul className="friend-rows">
      {ties.map((tie) => {
        const person = personView(tie.person);
        return (
          <li key={tie.friendship} className="friend-row" data-friend-id={tie.person.id}>
            <span className="friend-row__who">
              <Avatar person={person} size={48} />
              <PersonName person={person} />
            </span>
            {actions(tie, person.login)}
          </li>
        );
      })}
    </ul>
  );
}

export default function FriendsTab() {
  const state = useStore($ownFriendships);
  const circle = useStore($circle);
  useEffect(() => { void loadOwnFriendships(); }, []);

  if (state.status === 'error') {
    return (
      <p className="list-status list-status--error" role="alert">
        Не удалось загрузить друзей.{' '}
        <button type="button" className="list-status__retry" onClick={() => void loadOwnFriendships({ force: true })}>Повторить</button>
      </p>
    );
  }
  if (state.status !== 'ready' || !circle) return <p className="list-status" role="status">Загружаем друзей…</p>;

  return (
    <div className="account-list">
      {circle.incoming.length > 0 && (
        <section aria-labelledby="friends-incoming">
          <h2 id="friends-incoming" className="account-pane__title">
            Заявки в друзья<span className="account-pane__count" aria-label={`, всего: ${circle.incoming.length}`}>{circle.incoming.length}</span>
          </h2>
          <Rows ties={circle.incoming} actions={(tie) => <AnswerButtons friendship={tie.friendship} />} />
        </section>
      )}
      <section aria-labelledby="friends-list">
        <h2 id="friends-list" className="account-pane__title">
          Друзья<span className="account-pane__count" aria-label={`, всего: ${circle.friends.length}`}>{circle.friends.length}</span>
        </h2>
        {circle.friends.length === 0
          ? <p className="list-status">У вас пока нет друзей. Добавить в друзья можно на странице профиля человека.</p>
          : <Rows ties={circle.friends} actions={(tie, login) => <RemoveButton friendship={tie.friendship} login={login} />} />}
      </section>
      {circle.outgoing.length > 0 && (
        <section aria-labelledby="friends-outgoing">
          <h2 id="friends-outgoing" className="account-pane__title">
            Отправленные заявки<span className="account-pane__count" aria-label={`, всего: ${circle.outgoing.length}`}>{circle.outgoing.length}</span>
          </h2>
          <Rows ties={circle.outgoing} actions={(tie) => <CancelButton friendship={tie.friendship} />} />
        </section>
      )}
    </div>
  );
}
