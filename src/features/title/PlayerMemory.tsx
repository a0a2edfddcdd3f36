/**
 * The player's memory for a signed-in person, loaded only for them: it offers to go on where they
 * stopped ('Продолжить с 12:34, серия 3', or the next episode once one is watched past 90 %), and
 * saves their place. A video is saved on pause, at its end, every PROGRESS_SAVE_MS while playing
 * and when the page is left; an embedded player only says which episode was opened last.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { resumeLabel, resumePoint, type Episode, type PlayerModel, type ResumePoint, type SavedProgress } from './player.ts';
import { $titleProgress, keepPlace, loadTitleProgress } from './signed-in-store.ts';

/** A playing video saves its place this often. */
const PROGRESS_SAVE_MS = 10_000;

export interface PlayerMemoryProps {
  titleId: number;
  model: PlayerModel;
  current: Episode | null;
  video: HTMLVideoElement | null;
  open: (episode: Episode) => void;
}

/** Whole seconds of the element, the duration only when the browser knows it. */
function placeOf(video: HTMLVideoElement, episode: number | null): SavedProgress {
  const duration = Number.isFinite(video.duration) && video.duration >= 1 ? Math.round(video.duration) : null;
  const position = video.ended && duration ? duration : Math.floor(video.currentTime);
  return { episode, position, duration };
}

/** Starts the element at `position` once it knows its length. */
function seek(video: HTMLVideoElement, position: number): void {
  const go = () => {
    video.currentTime = position;
    video.play().catch(() => undefined);
  };
  if (video.readyState >= HTMLMediaElement.HAVE_METADATA) go();
  else video.addEventListener('loadedmetadata', go, { once: true });
}

export default function PlayerMemory({ titleId, model, current, video, open }: PlayerMemoryProps) {
  const progress = useStore($titleProgress);
  const [offerGone, setOfferGone] = useState(false);
  const pending = useRef<ResumePoint | null>(null);
  // Nothing is saved until the person plays or picks something: opening the page keeps their place.
  const touched = useRef(false);
  const firstEpisode = useRef(current);
  const episodeId = model.kind === 'series' ? current?.id ?? null : null;

  useEffect(() => { void loadTitleProgress(titleId); }, [titleId]);

  // An episode the person opened: embedded players tell nothing more, so the episode is the place.
  useEffect(() => {
    if (current === firstEpisode.current) return;
    firstEpisode.current = null;
    touched.current = true;
    setOfferGone(true);
    if (current?.kind === 'iframe' && episodeId !== null) keepPlace(titleId, { episode: episodeId, position: null, duration: null });
  }, [current, episodeId, titleId]);

  useEffect(() => {
    // An element just replaced by the next episode's is left alone.
    if (!video?.isConnected) return;
    const wanted = pending.current;
    if (wanted && wanted.episode.id === current?.id) {
      pending.current = null;
      seek(video, wanted.position);
    }
    let savedAt = 0;
    const save = (leaving = false) => {
      if (!touched.current) return;
      savedAt = Date.now();
      keepPlace(titleId, placeOf(video, episodeId), { leaving });
    };
    const onPlay = () => { touched.current = true; setOfferGone(true); };
    // This part loads after the player: a video the person already started is theirs to keep.
    if (video.currentTime > 0) {
      onPlay();
      if (video.paused) save();
    }
    const onTime = () => { if (!video.paused && Date.now() - savedAt >= PROGRESS_SAVE_MS) save(); };
    const onLeave = () => { if (document.visibilityState === 'hidden') save(true); };
    const listening = new AbortController();
    const { signal } = listening;
    video.addEventListener('play', onPlay, { signal });
    video.addEventListener('timeupdate', onTime, { signal });
    video.addEventListener('pause', () => save(), { signal });
    video.addEventListener('ended', () => save(), { signal });
    document.addEventListener('visibilitychange', onLeave, { signal });
    window.addEventListener('pagehide', () => save(true), { signal });
    return () => listening.abort();
  }, [video, current, episodeId, titleId]);

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
    if (point.episode.id === current?.id && video) seek(video, point.position);
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
