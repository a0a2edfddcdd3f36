/**
 * Sounds for the generated episodes, drawn from a seed: tunes (a melody over chords, bass and drums),
 * speech-like voices (syllables shaped by formants, with pauses) and room noise. Everything is
 * mono Float32 at SOUND_RATE; the same seed always gives the same sound.
 */
import { seededRandom } from './seeded-random.ts';

export const SOUND_RATE = 22050;

const TABLE_SIZE = 4096;
const SINE = Float32Array.from({ length: TABLE_SIZE + 1 }, (_, i) => Math.sin((2 * Math.PI * i) / TABLE_SIZE));

/** Adds a tone of harmonics (amplitudes `partials`) with a plucked envelope into `out` from sample `at`. */
function addNote(out: Float32Array, at: number, seconds: number, freq: number, gain: number, partials: readonly number[], attack = 0.01, release = 0.08): void {
  const length = Math.min(Math.round(seconds * SOUND_RATE), out.length - at);
  if (length <= 0) return;
  const attackN = Math.max(1, Math.round(attack * SOUND_RATE));
  const releaseN = Math.max(1, Math.round(release * SOUND_RATE));
  const decay = 1.5 / seconds;
  for (let h = 0; h < partials.length; h++) {
    const step = (freq * (h + 1) * TABLE_SIZE) / SOUND_RATE;
    if (freq * (h + 1) > SOUND_RATE / 2.2) break;
    const amp = gain * partials[h]!;
    let phase = 0;
    for (let i = 0; i < length; i++) {
      const env = Math.min(1, i / attackN, (length - i) / releaseN) * Math.exp((-decay * i) / SOUND_RATE);
      out[at + i]! += amp * env * SINE[phase | 0]!;
      phase += step;
      if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
    }
  }
}

function addKick(out: Float32Array, at: number, gain: number): void {
  const length = Math.min(Math.round(0.18 * SOUND_RATE), out.length - at);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / SOUND_RATE;
    const freq = 50 + 90 * Math.exp(-t * 30);
    phase += (freq * TABLE_SIZE) / SOUND_RATE;
    out[at + i]! += gain * Math.exp(-t * 18) * SINE[(phase % TABLE_SIZE) | 0]!;
  }
}

function addHat(out: Float32Array, at: number, gain: number, rnd: () => number): void {
  const length = Math.min(Math.round(0.04 * SOUND_RATE), out.length - at);
  let prev = 0;
  for (let i = 0; i < length; i++) {
    const n = rnd() * 2 - 1;
    out[at + i]! += gain * Math.exp((-i / SOUND_RATE) * 90) * (n - prev);
    prev = n;
  }
}

const SCALES = [
  [0, 2, 4, 7, 9, 12, 14, 16], // major pentatonic
  [0, 3, 5, 7, 10, 12, 15, 17], // minor pentatonic
  [0, 2, 3, 5, 7, 8, 10, 12], // natural minor
  [0, 2, 4, 5, 7, 9, 11, 12], // major
];

/** A tune of `seconds`: tempo, key, scale, timbre, melody and drum pattern all follow the seed. */
export function tune(seed: number, seconds: number, options: { drums?: boolean; gain?: number } = {}): Float32Array {
  const rnd = seededRandom(seed);
  const out = new Float32Array(Math.round(seconds * SOUND_RATE));
  const bpm = 84 + Math.floor(rnd() * 70);
  const beat = 60 / bpm;
  const root = 180 + rnd() * 140;
  const scale = SCALES[Math.floor(rnd() * SCALES.length)]!;
  const lead = Array.from({ length: 6 }, (_, h) => (h === 0 ? 1 : rnd() * 0.6 / h));
  const pad = [1, 0.3, 0.15];
  const gain = options.gain ?? 0.22;
  const freqOf = (degree: number, octave = 0) => root * 2 ** ((scale[((degree % scale.length) + scale.length) % scale.length]! + 12 * octave) / 12);
  // A four-bar phrase, repeated with small changes: music repeats, which is what makes it a tune.
  const phrase = Array.from({ length: 16 }, () => ({ degree: Math.floor(rnd() * scale.length), long: rnd() < 0.3 }));
  const chords = Array.from({ length: 4 }, () => Math.floor(rnd() * 5));
  const drums = options.drums ?? true;
  const bars = Math.ceil(seconds / (4 * beat));
  for (let bar = 0; bar < bars; bar++) {
    const barStart = bar * 4 * beat;
    const chord = chords[bar % 4]!;
    for (const d of [0, 2, 4]) addNote(out, Math.round(barStart * SOUND_RATE), 4 * beat, freqOf(chord + d, -1), gain * 0.18, pad, 0.2, 0.3);
    addNote(out, Math.round(barStart * SOUND_RATE), 2 * beat, freqOf(chord, -2), gain * 0.5, [1, 0.4], 0.01, 0.1);
    addNote(out, Math.round((barStart + 2 * beat) * SOUND_RATE), 2 * beat, freqOf(chord + 4, -2), gain * 0.4, [1, 0.4], 0.01, 0.1);
    for (let step = 0; step < 4; step++) {
      const note = phrase[(bar % 4) * 4 + step]!;
      const variation = bar % 8 >= 4 && step === 3 ? 2 : 0;
      const at = barStart + step * beat;
      addNote(out, Math.round(at * SOUND_RATE), note.long ? beat * 1.8 : beat * 0.9, freqOf(note.degree + variation), gain, lead);
      if (!note.long) addNote(out, Math.round((at + beat / 2) * SOUND_RATE), beat * 0.45, freqOf(note.degree + 1 + variation), gain * 0.7, lead);
      if (drums) {
        if (step % 2 === 0) addKick(out, Math.round(at * SOUND_RATE), gain * 1.4);
        addHat(out, Math.round(at * SOUND_RATE), gain * 0.5, rnd);
        addHat(out, Math.round((at + beat / 2) * SOUND_RATE), gain * 0.35, rnd);
      }
    }
  }
  return out;
}

/** Speech-like sound: syllables with a voice's pitch and moving formants, phrases and pauses. */
export function speech(seed: number, seconds: number, gain = 0.12): Float32Array {
  const rnd = seededRandom(seed);
  const out = new Float32Array(Math.round(seconds * SOUND_RATE));
  let t = rnd() * 0.3;
  let speaker = 100 + rnd() * 150;
  while (t < seconds) {
    if (rnd() < 0.25) speaker = 100 + rnd() * 150; // another person speaks
    const phraseEnd = Math.min(seconds, t + 0.8 + rnd() * 3);
    while (t < phraseEnd) {
      const syllable = 0.1 + rnd() * 0.22;
      const f0 = speaker * (0.85 + rnd() * 0.3);
      const f1 = 300 + rnd() * 500;
      const f2 = 900 + rnd() * 1400;
      const partials = Array.from({ length: 14 }, (_, h) => {
        const f = f0 * (h + 1);
        return Math.exp(-(((f - f1) / 160) ** 2)) + 0.6 * Math.exp(-(((f - f2) / 260) ** 2)) + 0.05 / (h + 1);
      });
      addNote(out, Math.round(t * SOUND_RATE), syllable, f0, gain, partials, 0.02, 0.05);
      if (rnd() < 0.3) addHat(out, Math.round(t * SOUND_RATE), gain * 0.6, rnd);
      t += syllable + rnd() * 0.06;
    }
    t += 0.2 + rnd() * 0.9;
  }
  return out;
}

/** Low room noise (filtered white noise), added under speech so a scene is never digital silence. */
export function addRoomNoise(out: Float32Array, seed: number, gain = 0.01): void {
  const rnd = seededRandom(seed);
  let low = 0;
  for (let i = 0; i < out.length; i++) {
    low += 0.05 * (rnd() * 2 - 1 - low);
    out[i]! += gain * low * 4;
  }
}

/** Mixes `b` into `a` (from sample `at`), scaled. */
export function mixInto(a: Float32Array, b: Float32Array, at = 0, gain = 1): void {
  const n = Math.min(b.length, a.length - at);
  for (let i = 0; i < n; i++) a[at + i]! += gain * b[i]!;
}

/** Little-endian signed 16-bit PCM. */
export function toPcm16(samples: Float32Array): Buffer {
  const buf = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) buf.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32767))), i * 2);
  return buf;
}
