/**
 * The player's memory for a signed-in person, loaded only for them: it offers to go on where they
 * stopped ('Продолжить с 12:34, серия 3', or the next episode once one is watched), and saves their
 * place, for an upload and for an embed that speaks the players' protocol alike: on pause, at the
 * end, every PROGRESS_SAVE_MS while playing and when the page is left. Of an embed that says
 * nothing, only the episode opened last is kept.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
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

/** Starts the media at `position` once it knows its length. */
function seek(media: PlayerMedia, position: number): void {
  const go = () => {
    media.seek(position);
    media.play();
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
  const pending = useRef<ResumePoint | null>(null);
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
    if (current?.kind === 'iframe' && episodeId !== null) keepPlace(titleId, { episode: episodeId, position: null, duration: null });
  }, [current, episodeId, titleId]);

  useEffect(() => {
    // A media just replaced by the next episode's is left alone.
    if (!media || media.closed) return;
    const wanted = pending.current;
    if (wanted && wanted.episode.id === current?.id) {
      pending.current = null;
      seek(media, wanted.position);
    }
    let savedAt = 0;
    let ended = false;
    const save = (leaving = false) => {
      if (!touched.current) return;
      savedAt = Date.now();
      keepPlace(titleId, placeOf(media, episodeId, ended), { leaving });
    };
    const played = () => { touched.current = true; setOfferGone(true); };
    // This part loads after the player: an episode the person already started is theirs to keep.
    if (media.time() > 0) {
      played();
      if (media.paused()) save();
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

  if (progress.status === 'error') {
    return (
      <p className="player__resume player__resume--error" role="alert">
        Не удалось узнать, где вы остановились.{' '}
        <button type="button" className="list-status__retry" onClick={() => void loadTitleProgress(titleId)}>Повторить</button>
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
      pending.current = point;
      open(point.episode);
    }
  };
  return (
    <p className="player__resume">
      <button type="button" className="player__resume-btn" onClick={resume}>{resumeLabel(model, point)}</button>
    </p>
  );
}
