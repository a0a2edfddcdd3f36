/**
 * The player's memory for a signed-in person, loaded only for them: the player opens on the episode
 * where they stopped, at its second (or on the next episode once one is watched), paused there for
 * them to press play, with «Начать серию сначала»; had they already played or picked something before
 * their place was read, it offers to go on there instead ('Продолжить с 12:34, серия 3'). It saves their
 * place, for an upload and for an embed that speaks the players' protocol alike: on pause, at the
 * end, every PROGRESS_SAVE_MS while playing and when the page is left. Of an embed that says
 * nothing, only the episode opened last is kept.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { openedNote, startOverLabel } from './resume-place.ts';
import { resumeLabel, resumePoint, type Episode, type PlayerModel, type ResumePoint, type SavedProgress } from './player.ts';
import { $titleProgress, keepPlace, loadTitleProgress } from './signed-in-store.ts';
import type { PlayerMedia } from '../player/index.ts';

/** A playing episode saves its place this often. */
const PROGRESS_SAVE_MS = 10_000;

export interface PlayerMemoryProps {
  titleId: number;
  model: PlayerModel;
  current: Episode | null;
  media: PlayerMedia | null;
  open: (episode: Episode) => void;
  /** Hears the place read from the account, for the episode list's «начата: …». */
  onSaved?: (saved: SavedProgress | null) => void;
}

/** Whole seconds of the media, the duration only when it is known. */
function placeOf(media: PlayerMedia, episode: number | null, ended: boolean): SavedProgress {
  const length = media.duration();
  const duration = length && length >= 1 ? Math.round(length) : null;
  return { episode, position: ended && duration ? duration : Math.floor(media.time()), duration };
}

/**
 * Takes the media to `position` once it knows its length, and plays it when `play` (a person's
 * press): the place the page opens on waits for theirs, as a browser would not start it with sound.
 */
function seek(media: PlayerMedia, position: number, play = true): void {
  const go = () => {
    media.seek(position);
    if (play) media.play();
  };
  if (media.duration()) go();
  else {
    const stop = media.on((e) => {
      if (e.type !== 'duration') return;
      stop();
      go();
    });
  }
}

export default function PlayerMemory({ titleId, model, current, media, open, onSaved }: PlayerMemoryProps) {
  const progress = useStore($titleProgress);
  const [offerGone, setOfferGone] = useState(false);
  const pending = useRef<{ point: ResumePoint; play: boolean } | null>(null);
  // The place the player opened on by itself, until the person plays or picks something.
  const [openedAt, setOpenedAt] = useState<ResumePoint | null>(null);
  // Nothing is saved until the person plays or picks something: opening the page keeps their place.
  const touched = useRef(false);
  const firstEpisode = useRef(current);
  const episodeId = model.kind === 'series' ? current?.id ?? null : null;

  useEffect(() => { void loadTitleProgress(titleId); }, [titleId]);
  useEffect(() => { onSaved?.(progress.saved); }, [progress.saved, onSaved]);

  // An episode the person opened is their place until the player says more.
  useEffect(() => {
    if (current === firstEpisode.current) return;
    firstEpisode.current = null;
    touched.current = true;
    setOfferGone(true);
    setOpenedAt(null);
    if (current?.kind === 'iframe' && episodeId !== null) keepPlace(titleId, { episode: episodeId, position: null, duration: null });
  }, [current, episodeId, titleId]);

  useEffect(() => {
    // A media just replaced by the next episode's is left alone.
    if (!media || media.closed) return;
    let savedAt = 0;
    let ended = false;
    const save = (leaving = false) => {
      if (!touched.current) return;
      savedAt = Date.now();
      keepPlace(titleId, placeOf(media, episodeId, ended), { leaving });
    };
    const played = () => { touched.current = true; setOfferGone(true); setOpenedAt(null); };
    // This part loads after the player: an episode the person already started is theirs to keep.
    if (media.time() > 0) {
      played();
      if (media.paused()) save();
    }
    // Asked for after that look, as it may move the media at once (its length known).
    const wanted = pending.current;
    if (wanted && wanted.point.episode.id === current?.id) {
      pending.current = null;
      seek(media, wanted.point.position, wanted.play);
    }
    const stop = media.on((e) => {
      if (e.type === 'play') { ended = false; played(); }
      if (e.type === 'time' && !media.paused() && Date.now() - savedAt >= PROGRESS_SAVE_MS) save();
      if (e.type === 'pause') save();
      if (e.type === 'ended') { ended = true; save(); }
    });
    const onLeave = () => { if (document.visibilityState === 'hidden') save(true); };
    const listening = new AbortController();
    document.addEventListener('visibilitychange', onLeave, { signal: listening.signal });
    window.addEventListener('pagehide', () => save(true), { signal: listening.signal });
    // The player moves on (the next episode, by itself or by hand): this one's place is kept first.
    return () => { save(); stop(); listening.abort(); };
  }, [media, current, episodeId, titleId]);

  // Their place read, a player nobody has touched yet opens on it. After the effects above, which
  // would take this first render's opening for the person's own pick.
  useEffect(() => {
    if (progress.status !== 'ready' || touched.current || openedAt) return;
    const point = resumePoint(model, progress.saved);
    if (!point) return;
    setOpenedAt(point);
    pending.current = { point, play: false };
    if (point.episode.id !== current?.id) {
      // Not the person's pick: it is not saved as their place, nor does it hide the note.
      firstEpisode.current = point.episode;
      open(point.episode);
    } else if (media && !media.closed) {
      pending.current = null;
      seek(media, point.position, false);
    }
  }, [progress, model, current, media, open, openedAt]);

  if (progress.status === 'error') {
    return (
      <p className="player__resume player__resume--error" role="alert">
        Не удалось узнать, где вы остановились.{' '}
        <button type="button" className="list-status__retry" onClick={() => void loadTitleProgress(titleId)}>Повторить</button>
      </p>
    );
  }
  if (openedAt) {
    const startOver = startOverLabel(model, openedAt);
    return (
      <p className="player__resume player__resume--opened">
        <span>{openedNote(model, openedAt)}</span>
        {startOver && media && (
          <button type="button" className="player__resume-btn" onClick={() => { touched.current = true; setOpenedAt(null); setOfferGone(true); seek(media, 0); }}>{startOver}</button>
        )}
      </p>
    );
  }
  const point = offerGone ? null : resumePoint(model, progress.saved);
  if (!point) return null;

  const resume = () => {
    setOfferGone(true);
    touched.current = true;
    if (point.episode.id === current?.id && media) seek(media, point.position);
    else {
      pending.current = { point, play: true };
      open(point.episode);
    }
  };
  return (
    <p className="player__resume">
      <button type="button" className="player__resume-btn" onClick={resume}>{resumeLabel(model, point)}</button>
    </p>
  );
}
