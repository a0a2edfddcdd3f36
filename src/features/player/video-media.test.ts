import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomCommand } from '../../../shared/together.ts';
import { syncMedia } from '../together/sync.ts';
import type { MediaEvent } from './media.ts';
import { videoMedia } from './video-media.ts';

/**
 * A <video> as a busy page sees it: a seek is under way until the test lands it, then the video plays
 * on with the (fake) clock, and its events are heard only when the test fires them.
 */
class BusyPageVideo extends EventTarget {
  seeking = false;
  paused = true;
  ended = false;
  duration = 48;
  readyState = 4;
  playbackRate = 1;
  volume = 1;
  muted = false;
  error = null;
  private at = 0;
  private since = 0;

  get currentTime(): number {
    return this.seeking || this.paused ? this.at : this.at + ((Date.now() - this.since) / 1000) * this.playbackRate;
  }
  set currentTime(seconds: number) {
    this.at = seconds;
    this.since = Date.now();
    this.seeking = true;
  }
  play(): Promise<void> {
    if (this.paused) {
      this.at = this.currentTime;
      this.since = Date.now();
      this.paused = false;
    }
    return Promise.resolve();
  }
  pause(): void {
    this.at = this.currentTime;
    this.paused = true;
  }
  /** The seek under way ends; a playing video runs on from its second. */
  land(): void {
    this.seeking = false;
    this.since = Date.now();
  }
  fire(type: string): void {
    this.dispatchEvent(new Event(type));
  }
}

function watched() {
  const video = new BusyPageVideo();
  const media = videoMedia(video as unknown as HTMLVideoElement);
  const told: MediaEvent[] = [];
  media.on((e) => told.push(e));
  return { video, media, told, seekedAt: () => told.flatMap((e) => (e.type === 'seeked' ? [e.seconds] : [])) };
}

beforeEach(() => { vi.useFakeTimers({ now: 0 }); });
afterEach(() => { vi.useRealTimers(); });

describe('a seek of our <video>', () => {
  it('ends at the second it went to, though a busy page hears its end after the video played on', () => {
    const { video, media, seekedAt } = watched();
    media.seek(12);
    media.play();
    video.fire('seeking');
    video.land();
    vi.advanceTimersByTime(2_300);
    expect(video.currentTime).toBeCloseTo(14.3, 3);
    video.fire('seeked');
    expect(seekedAt()).toEqual([12]);
  });

  it('overtaken by the next, ends at the second of the last one begun when heard', () => {
    const { video, media, seekedAt } = watched();
    media.seek(12);
    video.fire('seeking');
    media.seek(30);
    video.fire('seeked');
    video.fire('seeking');
    video.land();
    video.fire('seeked');
    expect(seekedAt()).toEqual([12, 30]);
  });

  it('made by the room\'s sync on a busy page is not sent to the room as the member\'s', () => {
    const { video, media } = watched();
    const sent: RoomCommand[] = [];
    const serverNow = () => 1_000_000 + Date.now();
    const sync = syncMedia({ media, me: 'me', send: (c) => sent.push(c), serverNow, notice: () => undefined, blocked: () => undefined });
    // Entering a room that plays: the sync puts the video at the room's second and plays it.
    sync.follow({
      code: 'c'.repeat(22), title: { id: 1, name: 'Дорама', slug: 'dorama' }, episode: 10, control: 'all', leader: 'leader',
      moment: { playing: true, position: 20, at: serverNow() - 300 }, waitingFor: [], waitingSince: null, members: [], version: 1,
    });
    expect(video.seeking).toBe(true);
    video.fire('seeking');
    video.fire('play');
    video.land();
    // The page is busy for a while (a slow CPU): the video plays on meanwhile, its end heard after.
    vi.advanceTimersByTime(2_300);
    video.fire('seeked');
    video.fire('playing');
    vi.advanceTimersByTime(1_000);
    expect(sent.filter((c) => c.action !== 'state')).toEqual([]);
    sync.close();
  });
});
