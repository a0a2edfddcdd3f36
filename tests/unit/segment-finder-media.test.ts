/**
 * The segment finder on real files: a tiny generated season (three 2-minute episodes, the last without
 * an opening), one file played by two episodes, and the files an upload can wrongly be: no sound, not
 * a video, a 3-hour film, a season of one, a missing program, an analysis stopped half-way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureFpcalc } from '../../scripts/lib/fpcalc.ts';
import { drawSeason, QUICK_ENCODING, TINY_SEASON, type SeasonTruth } from '../../scripts/lib/segment-testset.ts';
import { analyseSeason, DONE, OPENING_PART, ENDING_PART } from '../../directus/extensions/segment-finder/src/season.ts';
import { FAILURE_TEXT } from '../../directus/extensions/segment-finder/src/failures.ts';
import { defaultTools } from '../../directus/extensions/segment-finder/src/tools.ts';
import { MAX_STREAMS, videoLength } from '../../directus/extensions/segment-finder/src/fingerprint.ts';

const tools = defaultTools();
let dir: string;
let season: SeasonTruth;

function ffmpeg(...args: string[]): void {
  execFileSync(tools.ffmpeg, ['-loglevel', 'error', '-y', ...args]);
}

beforeAll(async () => {
  ensureFpcalc();
  dir = mkdtempSync(path.join(os.tmpdir(), 'segment-finder-'));
  season = await drawSeason(TINY_SEASON, dir, QUICK_ENCODING);
}, 240_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a generated season', () => {
  it('proposes each episode’s opening and ending within a second of how it was drawn, and no opening where there is none', async () => {
    const result = await analyseSeason(season.episodes.map((e, i) => ({ id: i, file: e.file })));
    expect(result.state).toBe(DONE);
    season.episodes.forEach((truth, i) => {
      const found = result.episodes[i]!;
      expect(found.state).toBe(DONE);
      for (const kind of ['opening', 'ending'] as const) {
        const want = truth[kind];
        if (!want) {
          expect(found[kind]).toBeNull();
          continue;
        }
        expect(found[kind], `${kind} of episode ${i + 1}`).not.toBeNull();
        expect(Math.abs(found[kind]!.start - want.start)).toBeLessThanOrEqual(1);
        expect(Math.abs(found[kind]!.end - want.end)).toBeLessThanOrEqual(1);
        expect(found[kind]!.confidence).toBeGreaterThan(0);
        expect(found[kind]!.confidence).toBeLessThanOrEqual(1);
      }
    });
    expect(season.episodes.some((e) => e.opening === null)).toBe(true);
  }, 120_000);

  it('hears a file that several episodes play once, and tells each of them the same', async () => {
    const files = season.episodes.map((e) => e.file);
    const apart = await analyseSeason(files.map((file, i) => ({ id: i, file })));
    const repeated = await analyseSeason([files[0]!, ...files].map((file, i) => ({ id: i, file })));
    expect(repeated.analysedSeconds).toBe(apart.analysedSeconds);
    const [first, again] = repeated.episodes;
    expect({ ...again, id: first!.id }).toEqual(first);
    expect(first!.opening).not.toBeNull();
  }, 120_000);

  it('compares no file with itself: a season whose episodes all play one file has too few to compare, and no proposals', async () => {
    const one = season.episodes[0]!.file;
    const result = await analyseSeason([one, one, one].map((file, i) => ({ id: i, file })));
    expect(result.state).toBe(FAILURE_TEXT['too-few-episodes']);
    expect(result.episodes.every((e) => e.opening === null && e.ending === null)).toBe(true);
  }, 120_000);
});

describe('bad input', () => {
  it('says «не видео» for a text file and a picture, «нет звука» for a silent video, and still compares the rest', async () => {
    const text = path.join(dir, 'notes.mp4');
    writeFileSync(text, 'это не видео\n'.repeat(100));
    const picture = path.join(dir, 'poster.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=64x36', '-frames:v', '1', '-c:v', 'mjpeg', '-f', 'image2', picture);
    const silentVideo = path.join(dir, 'mute.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=5:duration=20', '-c:v', 'libx264', '-preset', 'ultrafast', silentVideo);
    const quietTrack = path.join(dir, 'quiet.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=64x36:rate=5:duration=60', '-f', 'lavfi', '-i', 'anullsrc=r=22050:cl=mono', '-t', '60',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '32k', quietTrack);
    const files = [season.episodes[0]!.file, text, picture, silentVideo, quietTrack, season.episodes[1]!.file, path.join(dir, 'gone.mp4')];
    const result = await analyseSeason(files.map((file, i) => ({ id: i, file })));
    expect(result.state).toBe(DONE);
    expect(result.episodes.map((e) => e.state)).toEqual([
      DONE, FAILURE_TEXT['not-video'], FAILURE_TEXT['not-video'], FAILURE_TEXT['no-audio'], FAILURE_TEXT['no-audio'], DONE, FAILURE_TEXT.unreadable,
    ]);
    expect(result.episodes[0]!.opening).not.toBeNull();
    expect(result.episodes[5]!.opening).not.toBeNull();
    for (const i of [1, 2, 3, 4, 6]) expect(result.episodes[i]).toMatchObject({ opening: null, ending: null });
  }, 120_000);

  it(`reads no file of more than ${MAX_STREAMS} streams, for which ffmpeg readied a decoder each`, async () => {
    const crowded = path.join(dir, 'crowded.mp4');
    const tracks = Array.from({ length: MAX_STREAMS }, () => ['-map', '1:a']).flat();
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=32x18:rate=1:duration=5', '-f', 'lavfi', '-i', 'sine=d=5:r=8000',
      '-map', '0:v', ...tracks, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-b:a', '8k', crowded);
    expect(await videoLength(crowded, tools)).toBeNull();
    const result = await analyseSeason([{ id: 1, file: crowded }, { id: 2, file: season.episodes[0]!.file }]);
    expect(result.episodes[0]!.state).toBe(FAILURE_TEXT['not-video']);
    expect(await videoLength(season.episodes[0]!.file, tools)).toBeGreaterThan(0);
  }, 120_000);

  it('says «слишком мало серий для сравнения» for a season of one, and for one whose other files are not videos', async () => {
    const alone = await analyseSeason([{ id: 1, file: season.episodes[0]!.file }]);
    expect(alone.state).toBe(FAILURE_TEXT['too-few-episodes']);
    expect(alone.episodes[0]).toMatchObject({ state: FAILURE_TEXT['too-few-episodes'], opening: null, ending: null });
    const text = path.join(dir, 'also-not-video.mkv');
    writeFileSync(text, '#EXTM3U\n#EXT-X-TARGETDURATION:10\nhttp://127.0.0.1:9/segment.ts\n');
    const withJunk = await analyseSeason([{ id: 1, file: season.episodes[0]!.file }, { id: 2, file: text }]);
    expect(withJunk.state).toBe(FAILURE_TEXT['too-few-episodes']);
    expect(withJunk.episodes.map((e) => e.state)).toEqual([FAILURE_TEXT['too-few-episodes'], FAILURE_TEXT['not-video']]);
  }, 120_000);

  it('reads only the two parts of a 3-hour file, so its length costs no more than an episode’s', async () => {
    const chunk = path.join(dir, 'minute.mkv');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=32x18:rate=1:duration=60', '-f', 'lavfi', '-i', 'anoisesrc=d=60:c=pink:r=8000',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-ac', '1', '-b:a', '12k', chunk);
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, `file '${chunk}'\n`.repeat(180));
    const film = path.join(dir, 'film.mkv');
    ffmpeg('-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', film);
    const result = await analyseSeason([{ id: 1, file: film }, { id: 2, file: season.episodes[0]!.file }]);
    expect(result.episodes[0]!.state).toBe(DONE);
    expect(result.episodes[0]!.duration).toBeGreaterThan(3 * 3600 - 5);
    const episode = result.episodes[1]!.duration!;
    const expected = OPENING_PART.maxSeconds + ENDING_PART.maxSeconds + episode * (OPENING_PART.share + ENDING_PART.share);
    // 10 minutes from each end of the film, a quarter and a third of the episode: nothing in between.
    expect(result.analysedSeconds).toBeCloseTo(expected, 0);
  }, 120_000);

  it('settles with a clear state when the fingerprinting program is missing or the analysis is stopped', async () => {
    const files = season.episodes.map((e, i) => ({ id: i, file: e.file }));
    const missing = await analyseSeason(files, { tools: { ...tools, fpcalc: path.join(dir, 'no-fpcalc') } });
    expect(missing.state).toBe(FAILURE_TEXT['too-few-episodes']);
    expect(missing.episodes.every((e) => e.state === FAILURE_TEXT['tool-missing'])).toBe(true);
    const stop = new AbortController();
    stop.abort();
    const stopped = await analyseSeason(files, { signal: stop.signal });
    expect(stopped.episodes.every((e) => e.state === FAILURE_TEXT.aborted)).toBe(true);
    const late = await analyseSeason(files, { deadlineMs: 1 });
    expect(late.episodes.every((e) => e.state === FAILURE_TEXT.timeout)).toBe(true);
  }, 120_000);
});
