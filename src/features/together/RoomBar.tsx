/**
 * The room's bar under the video: where the room stands, the link to share, the quick reactions,
 * and for the leader who controls («Управляют все» / «Управляет только ведущий») and «Не ждать»
 * once someone has held the room for ROOM_WAIT_LIMIT_MS.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { clockOf } from '../../../shared/clock.ts';
import { CONTROL_MODES, CONTROL_WORDS, positionAt, ROOM_REACTIONS, ROOM_WAIT_LIMIT_MS, type RoomView } from '../../../shared/together.ts';
import { useTask } from '../../ui/use-task.ts';
import { $linkCopied, command, copyingLink, leavingRoom, react, serverNow } from './store.ts';

/** Where the room stands, in words: what a member whose player cannot be followed goes by. */
function roomState(room: RoomView, now: number): string {
  const at = clockOf(positionAt(room.moment, now));
  if (room.waitingFor.length > 0) return `Комната ждёт · ${at}`;
  if (room.moment.playing && room.moment.at > now) return `Комната запускает видео с ${at}`;
  return room.moment.playing ? `Комната смотрит · ${at}` : `Комната на паузе · ${at}`;
}

/** Re-renders every second, for the room's clock and the wait's limit. */
function useSecond(): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    const t = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

export default function RoomBar({ room, me }: { room: RoomView; me: string }) {
  const now = useSecond();
  const copying = useTask(copyingLink);
  const copied = useStore($linkCopied);
  const leaving = useTask(leavingRoom);
  const leading = room.leader === me;
  const waitedLong = room.waitingSince !== null && room.waitingFor.length > 0 && now - room.waitingSince >= ROOM_WAIT_LIMIT_MS;
  return (
    <div className="room-bar">
      <p className="room-bar__state" data-testid="room-state">{roomState(room, now)}</p>
      <div className="room-bar__reactions" role="group" aria-label="Реакции">
        {ROOM_REACTIONS.map((emoji) => (
          <button key={emoji} type="button" className="room-bar__reaction" aria-label={`Реакция ${emoji}`} onClick={() => react(emoji)}>{emoji}</button>
        ))}
      </div>
      <div className="room-bar__actions">
        <button type="button" className="btn btn--ghost" onClick={() => void copying.run()} disabled={copying.pending}>
          {copied ? 'Ссылка скопирована' : 'Скопировать ссылку'}
        </button>
        {copying.error && <span className="room-bar__error" role="alert">{copying.error}</span>}
        {leading && (
          <div className="room-bar__control" role="radiogroup" aria-label="Кто управляет">
            {CONTROL_MODES.map((mode) => (
              <button key={mode} type="button" role="radio" aria-checked={room.control === mode} className="room-bar__mode"
                onClick={() => room.control !== mode && command({ action: 'control', mode })}>
                {CONTROL_WORDS[mode]}
              </button>
            ))}
          </div>
        )}
        {!leading && <span className="room-bar__mode-word">{CONTROL_WORDS[room.control]}</span>}
        {leading && waitedLong && <button type="button" className="btn" onClick={() => command({ action: 'dont-wait' })}>Не ждать</button>}
        <button type="button" className="btn btn--ghost" onClick={() => void leaving.run()} disabled={leaving.pending}>Выйти из комнаты</button>
        {leaving.error && <span className="room-bar__error" role="alert">{leaving.error}</span>}
      </div>
    </div>
  );
}
