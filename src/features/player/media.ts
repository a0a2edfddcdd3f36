/**
 * One small interface over both kinds of source, so every player feature is written once: an
 * uploaded file in our own <video>, or an embedded provider's player spoken to by its protocol.
 */
export type MediaEvent =
  | { type: 'time'; seconds: number }
  | { type: 'duration'; seconds: number }
  | { type: 'play' }
  | { type: 'pause' }
  /** A seek began (our <video>; an embed tells only where it ended). */
  | { type: 'seeking'; seconds: number }
  /** A seek ended, at the second it went to (a playing video has run on from there by the time it is heard). */
  | { type: 'seeked'; seconds: number }
  | { type: 'ended' }
  /** The viewer changed them in the source's own controls. */
  | { type: 'speed'; speed: number }
  | { type: 'volume'; volume: number; muted: boolean }
  /** An embed that has said nothing: it can be neither followed nor driven. */
  | { type: 'silent' }
  /** Our <video> stopped for data while playing, and has enough again (a room waits for a member whose video loads). */
  | { type: 'waiting' }
  | { type: 'playing' }
  /** The browser refused to start playing without a click on the page (its autoplay rule). */
  | { type: 'blocked' };

export interface PlayerMedia {
  readonly kind: 'video' | 'embed';
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  setSpeed(speed: number): void;
  setVolume(volume: number, muted: boolean): void;
  /** The last second known, and the length once known. */
  time(): number;
  duration(): number | null;
  paused(): boolean;
  /**
   * Where a seek under way goes, or null: set at once, while its 'seeking' is told a moment later
   * (an embed tells its seeks only by their events, and says null).
   */
  seekingTo(): number | null;
  /** It can play its current second without waiting for data (an embed cannot tell, and says yes). */
  ready(): boolean;
  /** Listens until the returned function is called or the media is closed. */
  on(listener: (event: MediaEvent) => void): () => void;
  close(): void;
  /** Closed: its episode has been replaced, and it drives nothing any more. */
  readonly closed: boolean;
}

/** Listeners of one media, told in order. */
export function listeners(): { add: (l: (e: MediaEvent) => void) => () => void; tell: (e: MediaEvent) => void; clear: () => void } {
  const set = new Set<(e: MediaEvent) => void>();
  return {
    add: (l) => { set.add(l); return () => set.delete(l); },
    tell: (e) => { for (const l of [...set]) l(e); },
    clear: () => set.clear(),
  };
}
