/**
 * The screen of the player, one shell around both kinds of source: an uploaded file in our own
 * <video> with media-chrome's controls, or an embedded provider's player driven by its protocol.
 * Our overlays (the skip button, the undo of an automatic skip, the next-episode card, the note
 * of a silent embed) sit in the stage, and the stage is what goes fullscreen, so they stay visible
 * there and fullscreen outlives the switch to the next episode.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { SPEEDS } from '../../../shared/player-settings.ts';
import { SKIPPED_NOTICES, SKIP_LABELS, type Segment } from '../../../shared/segments.ts';
import { isWatchedAt } from '../../../shared/watching.ts';
import { cardFrom, COUNTDOWN_SECONDS } from './episode-order.ts';
import { videoMedia } from './video-media.ts';
import { actionOf, SEEK_STEP_SECONDS, takesTyping, VOLUME_STEP, type PlayerAction } from './hotkeys.ts';
import type { PlayerMedia } from './media.ts';
import { endsEpisode, NO_SEGMENT, onControlsShown, onTime, onUndo, skipTarget, type SkipState } from './skip-rules.ts';
import { $playerSettings, changePlayerSettings } from './settings-store.ts';
import { markWatched } from './watched-store.ts';
import HotkeysHelp from './HotkeysHelp.tsx';
import SettingsButton from './SettingsButton.tsx';
import './player-screen.css';

export interface PlayableEpisode {
  id: number;
  name: string;
  kind: 'iframe' | 'video';
  src: string;
  /** Its opening, ending, recap and preview, its season's where it sets none of its own. */
  segments: Segment[];
  /** Seconds, when the catalogue knows it. */
  duration: number | null;
}

export interface Suggestion { name: string; href: string }

interface Props {
  episode: PlayableEpisode;
  /** The title's name, for the screen's accessible name. */
  title: string;
  next: { name: string; go: () => void } | null;
  previous: (() => void) | null;
  /** What to offer after the last episode. */
  suggestions: Suggestion[];
  /** The media of each episode, for the parts that follow the watching (the resume point). */
  onMedia?: (media: PlayerMedia | null) => void;
  /*
   * For a watching-together room; the title page leaves them out. `actsByItself` false: segments are
   * offered, not skipped by themselves, and the next episode does not start by itself (the leader's
   * player does those for the room). `normalSpeed`: the speed setting is neither applied nor taken
   * from the media, whose speed the room's sync changes for a moment to catch up. `onSkip` hears a
   * skip's target just before the player seeks there; `overlay` lies over the video with the player's
   * own; `silentNote` replaces what a silent embed's note says.
   */
  actsByItself?: boolean;
  normalSpeed?: boolean;
  /** False in a room, whose moment says whether the next episode plays: the player does not start it. */
  playsOn?: boolean;
  onSkip?: (seconds: number) => void;
  overlay?: ReactNode;
  silentNote?: string;
}

const AUTO_SKIP_NOTICE_MS = 5_000;

export default function PlayerScreen({
  episode, title, next, previous, suggestions, onMedia, actsByItself = true, normalSpeed = false, playsOn = true, onSkip, overlay, silentNote,
}: Props) {
  const stage = useRef<HTMLDivElement>(null);
  const [media, setMedia] = useState<PlayerMedia | null>(null);
  const [silent, setSilent] = useState(false);
  const settings = useStore($playerSettings);
  const [prompt, setPrompt] = useState<Segment | null>(null);
  const [skipped, setSkipped] = useState<Segment | null>(null);
  // Kept with the episode they belong to, so the first render of the next episode sees none of them.
  const [timeOf, setTimeOf] = useState({ id: episode.id, seconds: 0 });
  const time = timeOf.id === episode.id ? timeOf.seconds : 0;
  const [length, setLength] = useState<number | null>(episode.duration);
  const [cancelledFor, setCancelledFor] = useState<number | null>(null);
  const cardCancelled = cancelledFor === episode.id;
  // Read by the media's listener, which outlives the render that set it.
  const cardCancelledNow = useRef(cardCancelled);
  cardCancelledNow.current = cardCancelled;
  /** The next episode is to play once its media comes (it came by itself, or was chosen while this one played). */
  const playOnArrival = useRef(false);
  const [countOf, setCountOf] = useState({ id: episode.id, left: COUNTDOWN_SECONDS });
  const count = countOf.id === episode.id ? countOf.left : COUNTDOWN_SECONDS;
  const skip = useRef<SkipState>(NO_SEGMENT);

  // Each episode starts afresh.
  useEffect(() => {
    skip.current = NO_SEGMENT;
    setPrompt(null);
    setSkipped(null);
    setLength(episode.duration);
    setSilent(false);
  }, [episode]);

  useEffect(() => { onMedia?.(media); }, [media, onMedia]);

  const segments = episode.segments;
  const cardAt = cardFrom(length, segments);
  // From the ending's start the card offers the next episode (and stands in for the ending's skip).
  const atCard = cardAt !== null && time >= cardAt && !cardCancelled;
  const cardShown = !!next && atCard;
  const last = !next && atCard && suggestions.length > 0;
  /** The card counts down to the next episode, which then starts by itself. */
  const counting = cardShown && settings.autoplay && actsByItself;

  const goNext = (keepPlaying: boolean) => {
    if (!next) return;
    playOnArrival.current = playsOn && keepPlaying;
    next.go();
  };

  // Follows the media: segments, the watched mark, the length.
  useEffect(() => {
    if (!media) return;
    const s = $playerSettings.get();
    if (!normalSpeed) media.setSpeed(s.speed);
    media.setVolume(s.volume, s.muted);
    // Asked now, and again once it has loaded: a frame that loads its address anew drops what it was told before.
    if (playOnArrival.current) media.play();
    let seeked = false;
    let marked = false;
    return media.on((e) => {
      if (e.type === 'silent') setSilent(true);
      if (e.type === 'speed' && !normalSpeed && (SPEEDS as readonly number[]).includes(e.speed)) changePlayerSettings({ speed: e.speed });
      if (e.type === 'volume') changePlayerSettings({ volume: e.volume, muted: e.muted });
      if (e.type === 'duration') {
        setLength(e.seconds);
        if (playOnArrival.current) media.play();
      }
      if (e.type === 'play' || e.type === 'blocked') playOnArrival.current = false;
      if (e.type === 'seeked') seeked = true;
      if (e.type === 'ended' && actsByItself && $playerSettings.get().autoplay && !cardCancelledNow.current) goNext(true);
      if (e.type !== 'time' && e.type !== 'seeked') return;
      const at = e.seconds;
      setTimeOf({ id: episode.id, seconds: at });
      const len = media.duration() ?? episode.duration;
      if (!marked && isWatchedAt(at, len, segments)) {
        marked = true;
        void markWatched(episode.id, true);
      }
      const choices = $playerSettings.get().skip;
      const { state, decision } = onTime(skip.current, segments, at, Date.now(), (seg) => (actsByItself || choices[seg.kind] !== 'skip' ? choices[seg.kind] : 'ask'), seeked);
      seeked = false;
      skip.current = state;
      if (decision.do === 'skip') {
        onSkip?.(skipTarget(decision.segment, len));
        media.seek(skipTarget(decision.segment, len));
        setSkipped(decision.segment);
        setPrompt(null);
      } else setPrompt(decision.do === 'prompt' ? decision.segment : null);
    });
  }, [media, episode, segments, next, actsByItself, normalSpeed, playsOn, onSkip]);

  // The notice of an automatic skip goes by itself.
  useEffect(() => {
    if (!skipped) return;
    const t = setTimeout(() => setSkipped(null), AUTO_SKIP_NOTICE_MS);
    return () => clearTimeout(t);
  }, [skipped]);

  // The next-episode countdown.
  useEffect(() => {
    if (!counting) return;
    const id = episode.id;
    // It stops at 0, where the next episode is asked for once: a room may take seconds to switch, this episode on screen meanwhile.
    const t = setInterval(() => setCountOf((c) => ({ id, left: Math.max(0, (c.id === id ? c.left : COUNTDOWN_SECONDS) - 1) })), 1000);
    return () => clearInterval(t);
  }, [counting, episode.id]);
  useEffect(() => {
    if (counting && count <= 0) goNext(true);
  }, [counting, count, next, playsOn]);

  const skipNow = (segment: Segment) => {
    if (!media) return;
    if (endsEpisode(segment, length) && next) goNext(!media.paused());
    else {
      onSkip?.(skipTarget(segment, length));
      media.seek(skipTarget(segment, length));
    }
    setPrompt(null);
  };

  const undoSkip = () => {
    if (!media || !skipped) return;
    skip.current = onUndo(skip.current, skipped);
    media.seek(skipped.start);
    setSkipped(null);
  };

  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen().catch(() => undefined);
  };

  const act = (action: PlayerAction) => {
    if (!media) return;
    const s = $playerSettings.get();
    switch (action) {
      case 'toggle-play': if (media.paused()) media.play(); else media.pause(); break;
      case 'back': media.seek(Math.max(0, media.time() - SEEK_STEP_SECONDS)); break;
      case 'forward': media.seek(Math.min(length ?? Infinity, media.time() + SEEK_STEP_SECONDS)); break;
      case 'volume-up':
      case 'volume-down': {
        const volume = Math.round(Math.min(1, Math.max(0, s.volume + (action === 'volume-up' ? VOLUME_STEP : -VOLUME_STEP))) * 10) / 10;
        changePlayerSettings({ volume, muted: false });
        media.setVolume(volume, false);
        break;
      }
      case 'mute': changePlayerSettings({ muted: !s.muted }); media.setVolume(s.volume, !s.muted); break;
      case 'fullscreen': fullscreen(); break;
      case 'skip': if (skip.current.segment) skipNow(skip.current.segment); break;
      case 'next-episode': goNext(!media.paused()); break;
      case 'previous-episode': previous?.(); break;
    }
  };
  const actRef = useRef(act);
  actRef.current = act;

  // Keys act when the player has focus, or when nothing on the page takes typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const focus = document.activeElement;
      // A dialog of the player's (the keys, the settings) keeps its keys: arrows between radios, Space on a box.
      if (focus?.closest('dialog')) return;
      const inPlayer = stage.current?.contains(focus);
      // A control keeps Space, which presses it; outside the player it keeps every key.
      const control = focus?.closest('button, a, [role="button"], [role="tab"]');
      if (control && (!inPlayer || e.code === 'Space')) {
        // media-chrome's buttons (role="button", native ones have none) press on keyup, and would leave the page to scroll.
        if (inPlayer && control.role) e.preventDefault();
        return;
      }
      if (!inPlayer && takesTyping(focus as HTMLElement | null)) return;
      const action = actionOf(e);
      if (!action) return;
      e.preventDefault();
      actRef.current(action);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const showControls = () => { skip.current = onControlsShown(skip.current, Date.now()); };

  const label = `${title}: ${episode.name}`;
  return (
    <div ref={stage} className="player__stage" onPointerMove={showControls} aria-label={label} role="region" tabIndex={-1}>
      {episode.kind === 'video'
        ? <VideoSource key={episode.id} src={episode.src} label={label} stage={stage} onMedia={setMedia} />
        : <EmbedSource key="embed" src={episode.src} label={label} onMedia={setMedia} />}
      {/* A pressed button of theirs goes with its overlay: the focus stays in the player, the next Tab goes on from there. */}
      <div className="player__overlays" onClick={() => stage.current?.focus()}>
        {/* Neither card has a skip under it: the card offers what comes after the ending. */}
        {prompt && !cardShown && !last && (
          <Overlay className="player__skip">
            <button type="button" className="player__skip-btn" onClick={() => skipNow(prompt)}>
              {endsEpisode(prompt, length) && next ? 'Следующая серия' : SKIP_LABELS[prompt.kind]}
            </button>
          </Overlay>
        )}
        {skipped && (
          <Overlay className="player__skipped">
            <span role="status">{SKIPPED_NOTICES[skipped.kind]}</span>
            {' · '}
            <button type="button" className="player__link-btn" onClick={undoSkip}>Вернуть</button>
          </Overlay>
        )}
        {cardShown && next && (
          <Overlay className="player__next">
            <p className="player__next-title" role="status">
              {counting ? `Следующая серия через ${count}…` : 'Следующая серия'}
            </p>
            <p className="player__next-name">{next.name}</p>
            <div className="player__next-actions">
              <button type="button" className="player__next-now" onClick={() => goNext(true)}>Смотреть сейчас</button>
              <button type="button" className="player__link-btn" onClick={() => setCancelledFor(episode.id)}>Отмена</button>
            </div>
          </Overlay>
        )}
        {last && (
          <Overlay className="player__next">
            <p className="player__next-title">Вам может понравиться</p>
            <ul className="player__suggestions">
              {suggestions.map((s) => <li key={s.href}><a href={s.href}>{s.name}</a></li>)}
            </ul>
            <button type="button" className="player__link-btn" onClick={() => setCancelledFor(episode.id)}>Закрыть</button>
          </Overlay>
        )}
        {silent && episode.kind === 'iframe' && (
          <p className="player__silent">{silentNote ?? 'Этот плеер не сообщает, где вы остановились: отмечайте серии вручную.'}</p>
        )}
        {overlay}
      </div>
      <div className="player__tools">
        <HotkeysHelp />
        <SettingsButton />
        {episode.kind === 'iframe' && (
          <button type="button" className="player__tool" onClick={fullscreen}>Во весь экран</button>
        )}
      </div>
    </div>
  );
}

function Overlay({ className, children }: { className: string; children: ReactNode }) {
  return <div className={`player__overlay ${className}`}>{children}</div>;
}

/** An uploaded file: our <video> inside media-chrome's controller, whose fullscreen is the stage. */
function VideoSource({ src, label, stage, onMedia }: { src: string; label: string; stage: React.RefObject<HTMLDivElement | null>; onMedia: (m: PlayerMedia | null) => void }) {
  const controller = useRef<HTMLElement & { fullscreenElement?: HTMLElement }>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The controls' code comes with the first upload played, not with the page.
  useEffect(() => {
    void import('./media-chrome.ts').then(() => {
      if (controller.current && stage.current) controller.current.fullscreenElement = stage.current;
    });
  }, [stage]);
  useEffect(() => {
    if (!video.current) return;
    // It may have failed before the page's code came to listen.
    if (video.current.error) setFailed(true);
    const media = videoMedia(video.current);
    onMedia(media);
    return () => { media.close(); onMedia(null); };
  }, [onMedia]);
  // Loaded again from where it stopped: the file's address answers anew.
  const retry = () => {
    const v = video.current;
    if (!v) return;
    const at = v.currentTime;
    setFailed(false);
    v.load();
    if (at > 0) v.addEventListener('loadedmetadata', () => { v.currentTime = at; }, { once: true });
  };
  return (
    <>
      <media-controller ref={controller} class="player__screen player__controller" nohotkeys="">
        <video ref={video} slot="media" src={src} preload="metadata" aria-label={label} playsInline onError={() => setFailed(true)} />
        <media-control-bar class="player__bar">
          <media-play-button />
          <media-time-range />
          <media-time-display showduration="" />
          <media-mute-button />
          <media-volume-range />
          <media-playback-rate-button rates="0.5 0.75 1 1.25 1.5 2" />
          <media-fullscreen-button />
        </media-control-bar>
      </media-controller>
      {failed && (
        <div className="player__overlays">
          <div className="player__overlay player__failed" role="alert">
            <p className="player__failed-text">Видео не загрузилось. Проверьте соединение и попробуйте ещё раз.</p>
            <button type="button" className="player__next-now" onClick={retry}>Повторить</button>
          </div>
        </div>
      )}
    </>
  );
}

/**
 * An embedded provider's player, spoken to through its protocol. One frame serves every episode: the
 * next of the same serial player is asked for in place (embed-media.ts); each episode has a media of its own.
 */
function EmbedSource({ src, label, onMedia }: { src: string; label: string; onMedia: (m: PlayerMedia | null) => void }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [first] = useState(src);
  const shown = useRef(src);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const from = shown.current;
    shown.current = src;
    let media: PlayerMedia | null = null;
    let gone = false;
    // The protocol's code comes with the first embed shown, not with the player: a frame that spoke before is asked again.
    void import('./embed-media.ts').then(({ embedMedia }) => {
      if (gone) return;
      media = embedMedia(el, from === src ? undefined : { from, to: src });
      onMedia(media);
    });
    return () => { gone = true; media?.close(); onMedia(null); };
  }, [src, onMedia]);
  // Lazy: a frame in the hidden 'Серии' tab loads once the tab is shown, not with the page.
  return <iframe ref={frame} className="player__screen" src={first} loading="lazy" title={label} allow="autoplay; fullscreen" />;
}
