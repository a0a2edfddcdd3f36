/** «Друзья · N»: the person's friends as avatars linking to their profiles, for everyone who opens the profile. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { personView } from '../../lib/people.ts';
import { $personFriends, showFriendsOf } from './store.ts';
import { Avatar } from './index.ts';
import './friends.css';

export default function PersonFriends({ personId }: { personId: string }) {
  const stored = useStore($personFriends);
  const state = stored?.personId === personId ? stored : null;
  useEffect(() => { void showFriendsOf(personId); }, [personId]);

  const friends = state?.status === 'ready' ? state.friends : null;
  return (
    <section className="profile-panel" aria-labelledby="profile-friends">
      <h2 id="profile-friends" className="profile-panel__title">{friends ? `Друзья · ${friends.length}` : 'Друзья'}</h2>
      {state?.status === 'error' && (
        <p className="list-status list-status--error" role="alert">
          Не удалось загрузить друзей.{' '}
          <button type="button" className="list-status__retry" onClick={() => void showFriendsOf(personId)}>Повторить</button>
        </p>
      )}
      {!friends && state?.status !== 'error' && <p className="list-status" role="status">Загружаем друзей…</p>}
      {friends?.length === 0 && <p className="profile-panel__empty">Пока нет друзей.</p>}
      {friends && friends.length > 0 && (
        <ul className="friend-grid">
          {friends.map((friend) => {
            const person = personView(friend);
            return (
              <li key={friend.id} data-friend-id={friend.id}>
                <a className="friend-grid__item" href={person.href ?? undefined}>
                  <Avatar person={person} size={56} />
                  <span className="person-name">{person.login}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
