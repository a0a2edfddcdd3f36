/**
 * The generated test set of the opening and ending finder, drawn locally like the demo's clips:
 * seasons of episodes whose opening tune (its own per season) comes after a cold open of varying
 * length, whose bodies are speech-like scenes of their own, and which end with credits music
 * (sometimes followed by a preview). Some episodes have a shortened opening, some none, some no
 * credits. Each episode is a real video (a small picture that cuts at every shot and at the segments'
 * edges, AAC stereo sound). The truth comes from how each episode was put together.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { Readable, type Writable } from 'node:stream';
import { defaultTools } from '../../directus/extensions/segment-finder/src/tools.ts';
import type { Interval } from '../../directus/extensions/segment-finder/src/matching.ts';
import { SOUND_RATE, addRoomNoise, mixInto, speech, toPcm16, tune } from './segment-sound.ts';
import { seededRandom } from './seeded-random.ts';

export interface SeasonSpec {
  name: string;
  seed: number;
  episodes: number;
  episodeSeconds: number;
  openingSeconds: number;
  endingSeconds: number;
  /** Shortest and longest cold open before the opening. */
  coldOpen: [number, number];
  /** Episodes (0-based) whose opening is shortened: 'cut' drops its middle, 'head' fades out early. */
  shortened: Record<number, 'cut' | 'head'>;
  /** Episodes without an opening. */
  noOpening: number[];
  /** Episodes without credits. */
  noEnding: number[];
  /** Seconds of next-episode preview after the credits (0: the credits end the episode). */
  previewSeconds: number;
}

export interface EpisodeTruth {
  file: string;
  duration: number;
  opening: Interval | null;
  ending: Interval | null;
  openingVersion: 'full' | 'cut' | 'head' | 'none';
}

export interface SeasonTruth {
  name: string;
  episodes: EpisodeTruth[];
}

/** How sound is stored: like real episodes, or small and quick for tests. */
export interface Encoding {
  audioRate: number;
  audioChannels: number;
  audioBitrate: string;
}

export const REAL_ENCODING: Encoding = { audioRate: 44100, audioChannels: 2, audioBitrate: '96k' };
export const QUICK_ENCODING: Encoding = { audioRate: 22050, audioChannels: 1, audioBitrate: '48k' };

/**
 * The benchmark's seasons: openings of 90, 45, 30 and 16 s, endings of 60 s to 3 min. Episodes are 8
 * to 14 minutes, so they generate quickly; the analysis reads a larger share of a short episode than
 * of a long one (a quarter of it, against 10 minutes of an hour), so time per episode-hour measured on
 * them errs on the slow side.
 */
export const BENCH_SEASONS: SeasonSpec[] = [
  { name: 'anime', seed: 11, episodes: 6, episodeSeconds: 600, openingSeconds: 90, endingSeconds: 90, coldOpen: [0, 55], shortened: { 2: 'cut' }, noOpening: [4], noEnding: [], previewSeconds: 15 },
  { name: 'drama', seed: 23, episodes: 6, episodeSeconds: 840, openingSeconds: 45, endingSeconds: 150, coldOpen: [20, 150], shortened: { 1: 'head' }, noOpening: [5], noEnding: [3], previewSeconds: 0 },
  { name: 'short', seed: 37, episodes: 6, episodeSeconds: 480, openingSeconds: 30, endingSeconds: 60, coldOpen: [5, 80], shortened: { 3: 'cut', 4: 'head' }, noOpening: [0], noEnding: [], previewSeconds: 20 },
  { name: 'lakorn', seed: 41, episodes: 6, episodeSeconds: 720, openingSeconds: 16, endingSeconds: 180, coldOpen: [0, 120], shortened: {}, noOpening: [2], noEnding: [5], previewSeconds: 0 },
];

/** A tiny season for a quick test: three 2-minute episodes, the last with no opening. */
export const TINY_SEASON: SeasonSpec = {
  name: 'tiny', seed: 5, episodes: 3, episodeSeconds: 120, openingSeconds: 20, endingSeconds: 20, coldOpen: [3, 8], shortened: {}, noOpening: [2], noEnding: [], previewSeconds: 0,
};

const WIDTH = 64;
const HEIGHT = 36;
const FPS = 10;

/** A stretch of an episode: its sound and the starts of its shots (relative), each with a colour. */
interface Block {
  audio: Float32Array;
  shots: { at: number; rgb: [number, number, number] }[];
}

function seconds(block: Block): number {
  return block.audio.length / SOUND_RATE;
}

function colour(rnd: () => number): [number, number, number] {
  return [Math.floor(rnd() * 256), Math.floor(rnd() * 256), Math.floor(rnd() * 256)];
}

/** Shots every `min`..`max` seconds over `length`. */
function shotsOver(length: number, rnd: () => number, min: number, max: number): Block['shots'] {
  const shots: Block['shots'] = [];
  for (let at = 0; at < length; at += min + rnd() * (max - min)) shots.push({ at, rgb: colour(rnd) });
  return shots;
}

function silence(length: number): Block {
  const audio = new Float32Array(Math.round(length * SOUND_RATE));
  // A floor far below the silence threshold, as in a real mix.
  addRoomNoise(audio, 1, 0.0003);
  return { audio, shots: [{ at: 0, rgb: [0, 0, 0] }] };
}

/** A scene of people talking, sometimes over quiet music of its own. */
function scene(seed: number, length: number): Block {
  const rnd = seededRandom(seed);
  const audio = speech(seed, length);
  addRoomNoise(audio, seed + 7, 0.004 + rnd() * 0.01);
  if (rnd() < 0.3) mixInto(audio, tune(seed + 13, length, { drums: false, gain: 0.05 }));
  return { audio, shots: shotsOver(length, rnd, 2, 9) };
}

/** Scenes filling `length` seconds. */
function scenes(seed: number, length: number): Block[] {
  const rnd = seededRandom(seed);
  const out: Block[] = [];
  let left = length;
  let n = 0;
  while (left > 0.5) {
    const part = Math.min(left, 8 + rnd() * 40);
    out.push(scene(seed * 131 + n++, part));
    left -= part;
  }
  return out;
}

function fade(audio: Float32Array, fromEnd: number): Float32Array {
  const n = Math.min(audio.length, Math.round(fromEnd * SOUND_RATE));
  const out = audio.slice();
  for (let i = 0; i < n; i++) out[out.length - n + i]! *= 1 - i / n;
  return out;
}

/** The season's opening as one episode plays it. */
function openingVersion(full: Block, version: 'full' | 'cut' | 'head'): Block {
  if (version === 'full') return full;
  const total = seconds(full);
  if (version === 'head') {
    const keep = Math.round(total * 0.55 * SOUND_RATE);
    return { audio: fade(full.audio.subarray(0, keep), 1.5), shots: full.shots.filter((s) => s.at < keep / SOUND_RATE) };
  }
  // Cut: the first half, then the last quarter.
  const headEnd = Math.round(total * 0.5 * SOUND_RATE);
  const tailStart = Math.round(total * 0.75 * SOUND_RATE);
  const audio = new Float32Array(headEnd + (full.audio.length - tailStart));
  audio.set(full.audio.subarray(0, headEnd), 0);
  audio.set(full.audio.subarray(tailStart), headEnd);
  const shots = [
    ...full.shots.filter((s) => s.at < headEnd / SOUND_RATE),
    ...full.shots.filter((s) => s.at >= tailStart / SOUND_RATE).map((s) => ({ at: s.at - (tailStart - headEnd) / SOUND_RATE, rgb: s.rgb })),
  ];
  return { audio, shots };
}

/** A pause between two parts half the time, otherwise a straight cut. */
function maybeGap(rnd: () => number): Block[] {
  return rnd() < 0.5 ? [silence(0.3 + rnd() * 0.6)] : [];
}

function planEpisode(spec: SeasonSpec, index: number, opening: Block, credits: Block): { blocks: Block[]; truth: Omit<EpisodeTruth, 'file'> } {
  const seed = spec.seed * 1000 + index * 17 + 3;
  const rnd = seededRandom(seed);
  const blocks: Block[] = [];
  let t = 0;
  const push = (list: Block[]) => { for (const b of list) { blocks.push(b); t += seconds(b); } };
  const version = spec.noOpening.includes(index) ? 'none' : (spec.shortened[index] ?? 'full');
  const cold = spec.coldOpen[0] + rnd() * (spec.coldOpen[1] - spec.coldOpen[0]);
  if (cold > 0.5) push(scenes(seed + 1, cold));
  let openingTruth: Interval | null = null;
  if (version !== 'none') {
    if (t > 0) push(maybeGap(rnd));
    const played = openingVersion(opening, version);
    openingTruth = { start: t, end: t + seconds(played) };
    push([played]);
    push(maybeGap(rnd));
  }
  const tail = (spec.noEnding.includes(index) ? 0 : seconds(credits) + 1) + spec.previewSeconds;
  push(scenes(seed + 2, Math.max(30, spec.episodeSeconds - t - tail)));
  let endingTruth: Interval | null = null;
  if (!spec.noEnding.includes(index)) {
    push(maybeGap(rnd));
    endingTruth = { start: t, end: t + seconds(credits) };
    push([credits]);
  }
  if (spec.previewSeconds > 0) {
    push(maybeGap(rnd));
    push(scenes(seed + 3, spec.previewSeconds));
  }
  return { blocks, truth: { duration: t, opening: openingTruth, ending: endingTruth, openingVersion: version } };
}

function* audioOf(blocks: Block[]): Generator<Buffer> {
  for (const b of blocks) yield toPcm16(b.audio);
}

/** Frames of the picture: each shot's colour with a small square drifting across it. */
function* framesOf(blocks: Block[]): Generator<Buffer> {
  const cuts: { at: number; rgb: [number, number, number] }[] = [];
  let t = 0;
  for (const b of blocks) {
    for (const s of b.shots) cuts.push({ at: t + s.at, rgb: s.rgb });
    t += seconds(b);
  }
  const total = Math.round(t * FPS);
  let shot = 0;
  for (let f = 0; f < total; f++) {
    const time = f / FPS;
    while (shot + 1 < cuts.length && cuts[shot + 1]!.at <= time) shot++;
    const [r, g, b] = cuts[shot]!.rgb;
    const frame = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let p = 0; p < WIDTH * HEIGHT; p++) { frame[p * 3] = r; frame[p * 3 + 1] = g; frame[p * 3 + 2] = b; }
    const x0 = f % (WIDTH - 8);
    for (let y = 14; y < 22; y++) for (let x = x0; x < x0 + 8; x++) frame.fill(255 - r, (y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3);
    yield frame;
  }
}

async function encode(blocks: Block[], file: string, encoding: Encoding): Promise<void> {
  const partial = `${file}.part.mp4`;
  const ffmpeg = spawn(defaultTools().ffmpeg, [
    '-loglevel', 'error', '-y',
    '-f', 's16le', '-ar', String(SOUND_RATE), '-ac', '1', '-i', 'pipe:0',
    '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${WIDTH}x${HEIGHT}`, '-r', String(FPS), '-i', 'pipe:3',
    '-map', '1:v', '-map', '0:a',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(FPS * 5), '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-ar', String(encoding.audioRate), '-ac', String(encoding.audioChannels), '-b:a', encoding.audioBitrate,
    '-movflags', '+faststart', partial,
  ], { stdio: ['pipe', 'ignore', 'pipe', 'pipe'] });
  let stderr = '';
  ffmpeg.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  const exit = once(ffmpeg, 'close');
  await Promise.all([
    pipeline(Readable.from(audioOf(blocks)), ffmpeg.stdin!),
    pipeline(Readable.from(framesOf(blocks)), ffmpeg.stdio[3] as Writable),
  ]);
  const [code] = await exit;
  if (code !== 0) throw new Error(`ffmpeg could not encode ${file}: ${stderr.trim()}`);
  renameSync(partial, file);
}

/** Draws one season into `dir` (files `<name>-e<N>.mp4`) and returns its truth. */
export async function drawSeason(spec: SeasonSpec, dir: string, encoding: Encoding = REAL_ENCODING): Promise<SeasonTruth> {
  mkdirSync(dir, { recursive: true });
  const openingRnd = seededRandom(spec.seed * 7 + 1);
  const opening: Block = { audio: tune(spec.seed * 7 + 1, spec.openingSeconds), shots: shotsOver(spec.openingSeconds, openingRnd, 1, 3) };
  const creditsRnd = seededRandom(spec.seed * 7 + 2);
  const credits: Block = { audio: fade(tune(spec.seed * 7 + 2, spec.endingSeconds, { drums: creditsRnd() < 0.5 }), 3), shots: shotsOver(spec.endingSeconds, creditsRnd, 8, 15) };
  const episodes: EpisodeTruth[] = [];
  for (let i = 0; i < spec.episodes; i++) {
    const file = path.join(dir, `${spec.name}-e${i + 1}.mp4`);
    const { blocks, truth } = planEpisode(spec, i, opening, credits);
    if (!existsSync(file)) await encode(blocks, file, encoding);
    episodes.push({ file, ...truth });
  }
  return { name: spec.name, episodes };
}

/** Bumped whenever the drawing changes, so a cached set is drawn again. */
const TESTSET_VERSION = 1;

/** The benchmark's set in `dir`, drawn once and reused while its version and files are there. */
export async function drawTestSet(dir: string, seasons: SeasonSpec[] = BENCH_SEASONS, log: (m: string) => void = () => {}): Promise<SeasonTruth[]> {
  const manifest = path.join(dir, 'truth.json');
  const key = JSON.stringify({ version: TESTSET_VERSION, seasons });
  if (existsSync(manifest)) {
    const saved = JSON.parse(readFileSync(manifest, 'utf8')) as { key: string; truth: SeasonTruth[] };
    if (saved.key === key && saved.truth.every((s) => s.episodes.every((e) => existsSync(e.file)))) return saved.truth;
  }
  // Files of another drawing never mix with these: their folder is named by what drew them.
  const filesDir = path.join(dir, createHash('sha256').update(key).digest('hex').slice(0, 12));
  const truth: SeasonTruth[] = [];
  for (const spec of seasons) {
    const started = Date.now();
    truth.push(await drawSeason(spec, filesDir, REAL_ENCODING));
    log(`drew season ${spec.name} (${spec.episodes} episodes) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  writeFileSync(manifest, JSON.stringify({ key, truth }, null, 1));
  return truth;
}
