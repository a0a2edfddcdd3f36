/**
 * Who is in the room: avatar, name, what their player does (смотрит, на паузе, загружается,
 * отключился), the leader marked. The leader hands the lead over or removes a member (asked first).
 */
import { MEMBER_STATE_WORDS, type RoomMember, type RoomView } from '../../../shared/together.ts';
import { personView } from '../../lib/people.ts';
import ConfirmDelete from '../../ui/ConfirmDelete.tsx';
import { Avatar, PersonName } from '../people/index.ts';
import { command } from './store.ts';

const personOf = (m: RoomMember) => personView({ id: m.id, login: m.login ?? m.name, avatar: m.avatar });

export default function RoomMembers({ room, me }: { room: RoomView; me: string }) {
  const leading = room.leader === me;
  return (
    <section className="room-members" aria-labelledby="room-members-heading">
      <h2 id="room-members-heading" className="room__heading">В комнате · {room.members.length}</h2>
      <ul className="room-members__list">
        {room.members.map((m) => {
          const person = personOf(m);
          return (
            <li key={m.id} className={`room-member room-member--${m.state}`} data-member={m.id}>
              <Avatar person={person} size={32} />
              <span className="room-member__who">
                <PersonName person={person} className="room-member__name" />
                {m.id === room.leader && <span className="room-member__leader">ведущий</span>}
                {m.id === me && <span className="room-member__me">вы</span>}
              </span>
              <span className="room-member__state">{MEMBER_STATE_WORDS[m.state]}</span>
              {leading && m.id !== me && (
                <span className="room-member__actions">
                  <button type="button" className="room-member__action" onClick={() => command({ action: 'lead', user: m.id })}>Сделать ведущим</button>
                  <ConfirmDelete
                    buttonClassName="room-member__action room-member__action--danger"
                    question={`Удалить ${person.login} из комнаты?`}
                    consequence="Человек выйдет из комнаты и не сможет вернуться по этой ссылке."
                    failure="Не удалось удалить. Попробуйте ещё раз."
                    onDelete={async () => command({ action: 'remove', user: m.id })}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
