/** An uploaded file playing in our own <video>. */
import { listeners, type PlayerMedia } from './media.ts';

export function videoMedia(video: HTMLVideoElement): PlayerMedia {
  const heard = listeners();
  const stop = new AbortController();
  const on = <K extends keyof HTMLMediaElementEventMap>(type: K, fn: () => void) => video.addEventListener(type, fn, { signal: stop.signal });
  const length = () => (Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null);
  on('timeupdate', () => heard.tell({ type: 'time', seconds: video.currentTime }));
  on('durationchange', () => { const d = length(); if (d) heard.tell({ type: 'duration', seconds: d }); });
  on('play', () => heard.tell({ type: 'play' }));
  on('pause', () => { if (!video.ended) heard.tell({ type: 'pause' }); });
  /*
   * A seek ends at the second it went to, read as it begins (the time says it while the seek is under
   * way): a busy page hears its 'seeked' late, when a playing video has run on from there, seconds on a
   * slow machine, and the end of a room sync's own seek would look like the person's.
   */
  let wentTo = video.currentTime;
  on('seeking', () => heard.tell({ type: 'seeking', seconds: (wentTo = video.currentTime) }));
  on('seeked', () => heard.tell({ type: 'seeked', seconds: wentTo }));
  on('ended', () => heard.tell({ type: 'ended' }));
  on('waiting', () => heard.tell({ type: 'waiting' }));
  on('playing', () => heard.tell({ type: 'playing' }));
  on('canplay', () => heard.tell({ type: 'playing' }));
  on('ratechange', () => heard.tell({ type: 'speed', speed: video.playbackRate }));
  on('volumechange', () => heard.tell({ type: 'volume', volume: video.volume, muted: video.muted }));
  let closed = false;
  return {
    get closed() { return closed; },
    kind: 'video',
    play: () => {
      video.play().catch((err: unknown) => {
        if (err instanceof DOMException && err.name === 'NotAllowedError') heard.tell({ type: 'blocked' });
      });
    },
    pause: () => video.pause(),
    seek: (s) => { video.currentTime = s; },
    setSpeed: (s) => { video.playbackRate = s; },
    setVolume: (v, muted) => { video.volume = v; video.muted = muted; },
    time: () => video.currentTime,
    duration: length,
    paused: () => video.paused,
    seekingTo: () => (video.seeking ? video.currentTime : null),
    // Paused, the browser loads only what the frame on screen needs (preload="metadata"), and more as it plays.
    ready: () => !video.seeking && video.readyState >= (video.paused ? HTMLMediaElement.HAVE_CURRENT_DATA : HTMLMediaElement.HAVE_FUTURE_DATA),
    on: heard.add,
    close: () => { closed = true; stop.abort(); heard.clear(); },
  };
}
