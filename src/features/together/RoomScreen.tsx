/**
 * A watching-together room for a signed-in person: enters the room of the address, then the player
 * with the room's bar under it, and beside it the members and the room's chat (on a phone: the
 * video on top, the rest below). A room that cannot be shown says why; a lost connection says so
 * and the page comes back at the room's moment when it returns.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTask } from '../../ui/use-task.ts';
import { clockOffset } from './clock-offset.ts';
import { $clock, $connection, $myId, $room, $roomModel, $roomProblem, entering } from './store.ts';
import RoomBar from './RoomBar.tsx';
import RoomChat from './RoomChat.tsx';
import RoomMembers from './RoomMembers.tsx';
import RoomPlayer from './RoomPlayer.tsx';
import './together.css';

/** The room's code from `/together/{code}`, as written: a code has no letters that need escaping. */
export function codeOf(pathname: string): string {
  return pathname.replace(/^\/together\/?/, '').replace(/\/$/, '');
}

export default function RoomScreen() {
  const enter = useTask(entering);
  const room = useStore($room);
  const model = useStore($roomModel);
  const me = useStore($myId);
  const problem = useStore($roomProblem);
  const connection = useStore($connection);
  const clock = useStore($clock);

  useEffect(() => { void entering.run(codeOf(location.pathname)); }, []);

  if (problem) {
    return (
      <div className="room-problem" role="alert">
        <p>{problem}</p>
        <a className="btn" href="/">На главную</a>
      </div>
    );
  }
  if (enter.error) {
    return (
      <p className="list-status list-status--error" role="alert">
        {enter.error}{' '}<button type="button" className="list-status__retry" onClick={() => void enter.retry()}>Повторить</button>
      </p>
    );
  }
  if (!room || !model || !me) return <p className="list-status" role="status">Входим в комнату…</p>;

  return (
    <div className="room">
      <header className="room__head">
        <h1 className="room__title">Смотрим вместе: <a href={`/${room.title.slug}`}>{room.title.name}</a></h1>
        {connection === 'lost' && <p className="room__connection" role="alert">Связь с комнатой потеряна. Подключаемся снова…</p>}
      </header>
      <div className="room__main">
        {/* The room's moment and this page's clock offset, as data: what tests and the sync benchmark compare the video with. */}
        <div className="room__player player" style={{ '--player-height': model.height } as React.CSSProperties}
          data-playing={room.moment.playing} data-position={room.moment.position} data-at={room.moment.at} data-episode={room.episode ?? ''}
          data-clock-offset={clockOffset(clock)} data-version={room.version}>
          <RoomPlayer room={room} model={model} me={me} />
          <RoomBar room={room} me={me} />
        </div>
        <aside className="room__side">
          <RoomMembers room={room} me={me} />
          <RoomChat room={room} />
        </aside>
      </div>
    </div>
  );
}
