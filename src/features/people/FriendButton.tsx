/**
 * Where the signed-in reader stands with the person whose profile this is, and what they can do
 * about it: ask, see their request sent and take it back, answer the person's request, or remove
 * a friend. Loaded only for signed-in readers.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { relationWith } from '../../lib/friends.ts';
import { $ownFriendships, loadOwnFriendships } from './friends-store.ts';
import { AnswerButtons, AskButton, CancelButton, RemoveButton } from './FriendControls.tsx';

export default function FriendButton({ me, personId, login }: { me: string; personId: string; login: string }) {
  const state = useStore($ownFriendships);
  useEffect(() => { void loadOwnFriendships(); }, []);

  if (state.status === 'error') {
    return (
      <p className="list-status list-status--error" role="alert">
        Не удалось узнать, друзья ли вы.{' '}
        <button type="button" className="list-status__retry" onClick={() => void loadOwnFriendships({ force: true })}>Повторить</button>
      </p>
    );
  }
  if (state.status !== 'ready') return <p className="friend-state__note" role="status">Загружаем…</p>;

  const relation = relationWith(state.rows, me, personId);
  switch (relation.kind) {
    case 'none':
      return <AskButton personId={personId} />;
    case 'outgoing':
      return (
        <div className="friend-state">
          <p className="friend-state__note">Заявка отправлена</p>
          <CancelButton friendship={relation.friendship} />
        </div>
      );
    case 'incoming':
      return (
        <div className="friend-state">
          <p className="friend-state__note">{login} хочет добавить вас в друзья</p>
          <AnswerButtons friendship={relation.friendship} />
        </div>
      );
    case 'friends':
      return (
        <div className="friend-state">
          <p className="friend-state__note">Вы друзья</p>
          <RemoveButton friendship={relation.friendship} login={login} />
        </div>
      );
  }
}
