import { describe, expect, it } from 'vitest';
import { runBounded } from '../../directus/extensions/segment-finder/src/bounded-process.ts';
import { parseMediaInfo, parsePoints, parseSilences } from '../../directus/extensions/segment-finder/src/fingerprint.ts';
import { createJobQueue } from '../../directus/extensions/segment-finder/src/job-queue.ts';
import { failure, FAILURE_TEXT } from '../../directus/extensions/segment-finder/src/failures.ts';
import type { SeasonResult } from '../../directus/extensions/segment-finder/src/season.ts';

describe('what ffmpeg and fpcalc print', () => {
  it('reads duration and streams, and ignores a cover picture', () => {
    const header = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'e1.mp4':
  Duration: 01:02:03.50, start: 0.000000, bitrate: 194 kb/s
    Stream #0:0(und): Video: h264 (High), yuv420p, 1920x1080, 24 fps (default)
    Stream #0:1(und): Audio: aac (LC), 48000 Hz, stereo, fltp, 128 kb/s (default)
At least one output file must be specified`;
    expect(parseMediaInfo(header)).toEqual({ duration: 3723.5, hasVideo: true, hasAudio: true });
    const song = `Input #0, mp3, from 'a.mp3':
  Duration: 00:03:00.00, start: 0.025057, bitrate: 64 kb/s
    Stream #0:0: Audio: mp3, 44100 Hz, mono, fltp, 64 kb/s
    Stream #0:1: Video: mjpeg, yuvj420p, 500x500, 90k tbr (attached pic)`;
    expect(parseMediaInfo(song)).toMatchObject({ hasVideo: false, hasAudio: true });
    expect(parseMediaInfo(`x.mp4: Invalid data found when processing input`)).toBeNull();
    expect(parseMediaInfo(`Input #0, matroska,webm, from 'x.mkv':\n  Duration: N/A, start: 0\n    Stream #0:0: Video: vp9`)!.duration).toBeNaN();
  });

  it('reads silences in file time, closing one still open at the end of the part', () => {
    const log = `[silencedetect @ 0x1] silence_start: 12.5
[silencedetect @ 0x1] silence_end: 13.25 | silence_duration: 0.75
[silencedetect @ 0x1] silence_start: 598.1`;
    expect(parseSilences(log, 100, 700)).toEqual([{ start: 112.5, end: 113.25 }, { start: 698.1, end: 700 }]);
    expect(parseSilences('[silencedetect @ 0x1] silence_start: -0.01\n[silencedetect @ 0x1] silence_end: 0.5 | silence_duration: 0.51', 0, 60)).toEqual([{ start: 0, end: 0.5 }]);
  });

  it('reads raw points, and nothing else', () => {
    expect([...parsePoints('558758263,4294967295,0\n')!]).toEqual([558758263, 4294967295, 0]);
    expect(parsePoints('ERROR: Empty fingerprint')).toBeNull();
    expect(parsePoints('')).toBeNull();
  });
});

describe('a bounded process', () => {
  it('is stopped at its time limit, past its output limit, and reports a program that is not there', async () => {
    expect(await runBounded('sleep', ['30'], { timeoutMs: 200, maxStdoutBytes: 10, maxStderrBytes: 10 }).done).toMatchObject({ timedOut: true });
    const flood = await runBounded('yes', [], { timeoutMs: 10_000, maxStdoutBytes: 100_000, maxStderrBytes: 10 }).done;
    expect(flood).toMatchObject({ overflow: true, timedOut: false });
    expect(flood.stdout.length).toBeLessThanOrEqual(100_000);
    expect((await runBounded('/nonexistent/program', [], { timeoutMs: 1000, maxStdoutBytes: 10, maxStderrBytes: 10 }).done).spawnError).toMatch(/ENOENT/);
    const stop = new AbortController();
    const sleeping = runBounded('sleep', ['30'], { timeoutMs: 10_000, maxStdoutBytes: 10, maxStderrBytes: 10, signal: stop.signal });
    stop.abort();
    expect(await sleeping.done).toMatchObject({ aborted: true });
  });
});

describe('the job queue', () => {
  const result = (state: string): SeasonResult => ({ state, episodes: [], analysedSeconds: 0 });

  it('runs one job (a season) at a time, in order, and a failed one neither rejects nor stops the next', async () => {
    const queue = createJobQueue<SeasonResult>((err) => ({ ...result(failure('unreadable').message), failure: failure('unreadable', String(err)) }));
    const order: string[] = [];
    let running = 0;
    const job = (name: string, fail = false) => async () => {
      running++;
      expect(running).toBe(1);
      order.push(`start ${name}`);
      await Promise.resolve();
      order.push(`end ${name}`);
      running--;
      if (fail) throw new Error('disk gone');
      return result(name);
    };
    const all = Promise.all([queue.enqueue(job('a')), queue.enqueue(job('b', true)), queue.enqueue(job('c'))]);
    expect(queue.pending).toBe(3);
    const [a, b, c] = await all;
    expect([a.state, b.state, c.state]).toEqual(['a', FAILURE_TEXT.unreadable, 'c']);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.pending).toBe(0);
  });
});
