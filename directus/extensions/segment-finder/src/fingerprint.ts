/**
 * What the analysis hears and sees in a file: its duration and streams, Chromaprint points of a part
 * of its audio with the silences in it (one ffmpeg decode piped into fpcalc), and scene cuts in short
 * windows of its picture. Every failure is a typed result; nothing here throws.
 */
import { runBounded } from './bounded-process.ts';
import { failure, type Failure } from './failures.ts';
import { POINT_SECONDS, type Interval } from './matching.ts';
import type { Tools } from './tools.ts';

/** Containers an episode can come in; anything else (a picture, a text, a playlist) is not a video. */
const VIDEO_CONTAINERS = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,mpegts,flv,asf,mpeg,ogg';
/** An episode has a picture and a few sound tracks; ffmpeg readies a decoder for each stream it finds (a file of 990 took 600 MB). */
export const MAX_STREAMS = 16;
/** Files are read from disk only (no playlist inside a file can make ffmpeg open a URL), with a few streams at most. */
const INPUT_GUARDS = ['-protocol_whitelist', 'file', '-format_whitelist', VIDEO_CONTAINERS, '-max_streams', String(MAX_STREAMS)];
const QUIET = ['-hide_banner', '-nostdin', '-nostats'];

/** Chromaprint's own rate: decoding straight to it spares fpcalc a resampling. */
const SAMPLE_RATE = 11025;
/** Quieter than this for at least SILENCE_MIN_SECONDS is a silence (the usual threshold for gaps between scenes). */
const SILENCE_NOISE_DB = -50;
const SILENCE_MIN_SECONDS = 0.2;
/** A part this much silent has no sound to compare. */
const SILENT_PART_SHARE = 0.98;
/** Scene score (0..1) above which two frames are a cut. */
const SCENE_THRESHOLD = 0.3;

export interface MediaInfo {
  duration: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

export interface AudioPart {
  /** Where in the file the part starts, seconds. */
  start: number;
  duration: number;
  /** Chromaprint's raw points, one every POINT_SECONDS from `start`. */
  points: Uint32Array;
  /** Silences, in file time. */
  silences: Interval[];
  /** Almost all of the part is silence. */
  silent: boolean;
}

export type Result<T> = ({ ok: true } & T) | Failure;

function timeOf(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** Reads ffmpeg's description of an input (printed when it is given no output). */
export function parseMediaInfo(stderr: string): MediaInfo | null {
  if (!/^Input #0/m.test(stderr)) return null;
  const duration = /Duration: (\d+:\d{2}:\d{2}(?:\.\d+)?)/.exec(stderr);
  const streams = stderr.split('\n').filter((line) => /^\s*Stream #0:\d+/.test(line));
  return {
    duration: duration ? timeOf(duration[1]!) : NaN,
    hasAudio: streams.some((line) => /: Audio: /.test(line)),
    hasVideo: streams.some((line) => /: Video: /.test(line) && !/\(attached pic\)/.test(line)),
  };
}

/** ffmpeg's reading of a file's header (it describes an input it is given no output for). */
function readHeader(file: string, tools: Tools, signal?: AbortSignal) {
  return runBounded(tools.ffmpeg, [...QUIET, ...INPUT_GUARDS, '-i', file], {
    timeoutMs: 30_000, maxStdoutBytes: 1024, maxStderrBytes: 256 * 1024, signal,
  }).done;
}

/** A video's length in seconds, sound or none, or null when the file is no video. */
export async function videoLength(file: string, tools: Tools, signal?: AbortSignal): Promise<number | null> {
  const info = parseMediaInfo((await readHeader(file, tools, signal)).stderr);
  return info?.hasVideo && info.duration > 0 ? info.duration : null;
}

export async function probeMedia(file: string, tools: Tools, signal?: AbortSignal): Promise<Result<{ info: MediaInfo }>> {
  const r = await readHeader(file, tools, signal);
  if (r.spawnError) return failure('tool-missing', r.spawnError);
  if (r.aborted) return failure('aborted');
  if (r.timedOut) return failure('timeout', 'reading the file header');
  const info = parseMediaInfo(r.stderr);
  if (!info) {
    if (/No such file|Permission denied/.test(r.stderr)) return failure('unreadable', lastLine(r.stderr));
    return failure('not-video', lastLine(r.stderr));
  }
  if (!info.hasVideo || !(info.duration > 0)) return failure('not-video', 'no video stream or no duration');
  if (!info.hasAudio) return failure('no-audio');
  return { ok: true, info };
}

function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.slice(0, 300) ?? '';
}

/** Silences from silencedetect's log, shifted by `offset`; one still open at the end closes at `end`. */
export function parseSilences(stderr: string, offset: number, end: number): Interval[] {
  const out: Interval[] = [];
  let open: number | null = null;
  for (const m of stderr.matchAll(/silence_(start|end): (-?\d+(?:\.\d+)?)/g)) {
    const t = Number(m[2]) + offset;
    if (m[1] === 'start') open = Math.max(offset, t);
    else if (open !== null) { out.push({ start: open, end: t }); open = null; }
  }
  if (open !== null) out.push({ start: open, end });
  return out;
}

/** fpcalc's `-raw -plain` output: points separated by commas. */
export function parsePoints(stdout: string): Uint32Array | null {
  const text = stdout.trim();
  if (!/^\d+(,\d+)*$/.test(text)) return null;
  return Uint32Array.from(text.split(','), Number);
}

/**
 * Decodes `duration` seconds from `start` to mono PCM at Chromaprint's rate, detects silences on the
 * way, and fingerprints the PCM with fpcalc. The PCM goes from one process to the other directly.
 */
export async function fingerprintPart(file: string, start: number, duration: number, tools: Tools, signal?: AbortSignal): Promise<Result<{ part: AudioPart }>> {
  const decode = runBounded(tools.ffmpeg, [
    ...QUIET, ...INPUT_GUARDS, '-ss', start.toFixed(3), '-t', duration.toFixed(3), '-i', file,
    '-map', '0:a:0', '-vn', '-sn', '-dn',
    // A short resampling filter: Chromaprint listens below 3.5 kHz, far from where it would alias.
    '-af', `aresample=${SAMPLE_RATE}:filter_size=8,aformat=sample_fmts=s16:channel_layouts=mono,silencedetect=noise=${SILENCE_NOISE_DB}dB:duration=${SILENCE_MIN_SECONDS}`,
    '-f', 's16le', '-',
  ], { timeoutMs: 30_000 + duration * 250, maxStdoutBytes: 0, maxStderrBytes: 4 * 1024 * 1024, signal, passStdout: true });
  if (!decode.child?.stdout) {
    const r = await decode.done;
    return failure('tool-missing', r.spawnError);
  }
  const print = runBounded(tools.fpcalc, ['-raw', '-plain', '-length', '0', '-format', 's16le', '-rate', String(SAMPLE_RATE), '-channels', '1', '-'], {
    timeoutMs: 30_000 + duration * 250, maxStdoutBytes: 64 + duration * 16 * 12, maxStderrBytes: 64 * 1024, signal, stdin: decode.child.stdout,
  });
  const [d, p] = await Promise.all([decode.done, print.done]);
  // If fpcalc stopped first, ffmpeg ends on a closed pipe; the reason is fpcalc's.
  if (p.spawnError || d.spawnError) return failure('tool-missing', p.spawnError ?? d.spawnError);
  if (d.aborted || p.aborted) return failure('aborted');
  if (d.timedOut || p.timedOut) return failure('timeout', `decoding ${duration.toFixed(0)} s from ${start.toFixed(0)} s`);
  if (d.overflow || p.overflow) return failure('unreadable', 'too much output');
  if (d.code !== 0) return failure('unreadable', lastLine(d.stderr));
  const silences = parseSilences(d.stderr, start, start + duration);
  const silentSeconds = silences.reduce((sum, s) => sum + (s.end - s.start), 0);
  // fpcalc may exit non-zero at the end of a pipe after printing the points; the points decide.
  const points = parsePoints(p.stdout.toString('utf8')) ?? new Uint32Array(0);
  const silent = silentSeconds >= duration * SILENT_PART_SHARE;
  if (points.length === 0 && !silent) return failure('unreadable', lastLine(p.stderr) || 'no fingerprint');
  return { ok: true, part: { start, duration, points, silences, silent } };
}

/** Times of picture cuts inside the windows (file time); a window that cannot be read gives none. */
export async function sceneCuts(file: string, windows: readonly Interval[], tools: Tools, signal?: AbortSignal): Promise<number[]> {
  const cuts: number[] = [];
  for (const w of windows) {
    const length = w.end - w.start;
    if (!(length > 0)) continue;
    const { done } = runBounded(tools.ffmpeg, [
      ...QUIET, ...INPUT_GUARDS, '-skip_loop_filter', 'all', '-ss', w.start.toFixed(3), '-t', length.toFixed(3), '-i', file,
      '-map', '0:v:0', '-an', '-sn', '-dn',
      '-vf', `scale=96:-2,select='gt(scene\\,${SCENE_THRESHOLD})',showinfo`, '-f', 'null', '-',
    ], { timeoutMs: 20_000 + length * 2_000, maxStdoutBytes: 1024, maxStderrBytes: 1024 * 1024, signal });
    const r = await done;
    if (r.code !== 0) continue;
    for (const m of r.stderr.matchAll(/\] n:\s*\d+ pts:\s*-?\d+ pts_time:(-?\d+(?:\.\d+)?)/g)) {
      const t = Number(m[1]) + w.start;
      // The first frame after a seek has nothing before it to differ from.
      if (t > w.start + POINT_SECONDS / 2) cuts.push(t);
    }
  }
  return cuts.sort((a, b) => a - b);
}
