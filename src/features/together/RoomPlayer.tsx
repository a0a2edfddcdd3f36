/**
 * The room's player: the player feature's screen (skip, the next episode, keys) on the room's
 * episode, its media driven by the sync toward the room's moment. Episode changes and the next
 * episode go to the room as commands; reactions float over the video, and so do the room's words
 * (someone's video loads, a refused command, a click the browser wants before playing).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { clockOf } from '../../../shared/clock.ts';
import { ROOM_MESSAGES, SILENT_EMBED_NOTE, type RoomView } from '../../../shared/together.ts';
import { episodeAfter, episodeBefore, PlayerScreen, watchingOrder, type PlayerMedia } from '../player/index.ts';
import type { PlayerModel } from '../title/for-signed-in.ts';
import { $playBlocked, $reactions, $roomNotice, askEpisode, command, notice, playBlocked, serverNow } from './store.ts';
import { mayControl, syncMedia, type RoomSync } from './sync.ts';

interface Props {
  room: RoomView;
  model: PlayerModel;
  me: string;
}

export default function RoomPlayer({ room, model, me }: Props) {
  const order = useMemo(() => (model.single ? [{ episode: model.single, seasonIndex: 0 }] : watchingOrder(model)), [model]);
  const current = order.find((p) => p.episode.id === room.episode)?.episode ?? (room.episode === null ? model.single : null);
  const [media, setMedia] = useState<PlayerMedia | null>(null);
  const sync = useRef<{ of: number | null; sync: RoomSync } | null>(null);
  const shownEpisode = useRef(current?.id ?? null);
  shownEpisode.current = current?.id ?? null;
  const roomRef = useRef(room);
  roomRef.current = room;

  // One sync a media; it follows the views of its own episode only (a new episode brings a new media).
  useEffect(() => {
    if (!media) return;
    const episode = shownEpisode.current;
    const s = syncMedia({ media, me, send: command, serverNow, notice, blocked: playBlocked });
    sync.current = { of: episode, sync: s };
    if (roomRef.current.episode === episode) s.follow(roomRef.current);
    return () => { s.close(); sync.current = null; playBlocked(false); };
  }, [media, me]);
  useEffect(() => {
    if (sync.current && sync.current.of === room.episode) sync.current.sync.follow(room);
  }, [room]);

  const go = useCallback((episode: number, reason?: 'next') => {
    if (!mayControl(roomRef.current, me)) notice(ROOM_MESSAGES.leaderOnly);
    else askEpisode(episode, reason);
  }, [me]);
  const after = useMemo(() => (current && model.kind === 'series' ? episodeAfter(model, current.id) : null), [model, current]);
  const before = current && model.kind === 'series' ? episodeBefore(model, current.id) : null;
  // Kept while the episode is: the player's countdown asks for it once, not again with every view of the room.
  const next = useMemo(() => (after ? { name: after.episode.name, go: () => go(after.episode.id, 'next') } : null), [after, go]);
  const onSkip = useCallback((seconds: number) => sync.current?.sync.skipping(seconds), []);

  if (!current) return <div className="player__empty">Этой серии больше нет на сайте</div>;
  return (
    <PlayerScreen
      episode={current}
      title={room.title.name}
      next={next}
      previous={before ? () => go(before.episode.id) : null}
      suggestions={[]}
      onMedia={setMedia}
      actsByItself={room.leader === me}
      normalSpeed
      playsOn={false}
      onSkip={onSkip}
      silentNote={SILENT_EMBED_NOTE}
      overlay={<RoomOverlay room={room} resume={() => sync.current?.sync.resume()} />}
    />
  );
}

/** What lies over the video: reactions rising, the room's wait, a notice, the click the browser wants. */
function RoomOverlay({ room, resume }: { room: RoomView; resume: () => void }) {
  const reactions = useStore($reactions);
  const roomNotice = useStore($roomNotice);
  const blocked = useStore($playBlocked);
  const waiting = room.members.filter((m) => room.waitingFor.includes(m.id));
  const scheduled = room.moment.playing && room.moment.at > serverNow();
  return (
    <>
      <div className="room-reactions" aria-hidden="true">
        {reactions.map((r) => <span key={r.key} className="room-reactions__one" style={{ left: `${r.across * 100}%` }}>{r.emoji}</span>)}
      </div>
      {(waiting.length > 0 || roomNotice || blocked || scheduled) && (
        <div className="player__overlay room-overlay">
          {blocked && <button type="button" className="btn room-overlay__start" onClick={resume}>Смотреть вместе со всеми</button>}
          {waiting.length > 0 && <p role="status">Ждём: {waiting.map((m) => m.name).join(', ')}</p>}
          {scheduled && !waiting.length && <p role="status">Запускаем с {clockOf(room.moment.position)}…</p>}
          {roomNotice && <p role="alert" className="room-overlay__notice">{roomNotice}</p>}
        </div>
      )}
    </>
  );
}
