/**
 * Demo pictures, clips and sounds, drawn locally: posters and photos are SVG rendered by sharp,
 * the clip and the tracks come from ffmpeg's test sources and expressions. Nothing is downloaded.
 */
import sharp from 'sharp';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MACHINE_CACHE } from '../../scripts/lib/paths.ts';

const FFMPEG = fileURLToPath(new URL('../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg', import.meta.url));
/** Media already made on this machine, each under a hash of its recipe: a second seed does not draw or encode them again. */
const KEPT = path.join(MACHINE_CACHE, 'demo-media');

/** The bytes `make` gives for `recipe`, made once and kept. */
async function kept(recipe: (string | Buffer)[], ext: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256');
  for (const part of recipe) hash.update(part).update('\0');
  const file = path.join(KEPT, `${hash.digest('hex').slice(0, 32)}.${ext}`);
  const known = await readFile(file).catch(() => undefined);
  if (known) return known;
  const bytes = await make();
  await mkdir(KEPT, { recursive: true });
  // Written aside and renamed: a reader never sees half a file.
  const partial = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return bytes;
}

/** A stable hue from any text, so the same title always gets the same colours. */
export function hueOf(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return h;
}

function escape(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Splits a name into lines of at most `width` characters for the poster caption. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

function render(svg: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  return kept([svg], format, () => {
    const img = sharp(Buffer.from(svg));
    return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 82 }).toBuffer();
  });
}

export function poster(name: string, subtitle: string): Promise<Buffer> {
  const h = hueOf(name);
  const lines = wrap(name, 14).map((l, i) => `<text x="300" y="${600 + i * 64}" font-size="56" font-weight="700" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, sans-serif">${escape(l)}</text>`);
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1">
      <stop offset="0" stop-color="hsl(${h},70%,55%)"/><stop offset="1" stop-color="hsl(${(h + 60) % 360},60%,18%)"/></linearGradient></defs>
    <rect width="600" height="900" fill="url(#g)"/>
    <circle cx="${150 + (h % 300)}" cy="260" r="170" fill="hsl(${(h + 180) % 360},80%,70%)" opacity="0.35"/>
    <circle cx="${450 - (h % 200)}" cy="380" r="110" fill="#fff" opacity="0.12"/>
    ${lines.join('\n')}
    <text x="300" y="860" font-size="26" text-anchor="middle" fill="#ffffffcc" font-family="DejaVu Sans, sans-serif">${escape(subtitle)}</text>
  </svg>`);
}

export function portrait(name: string): Promise<Buffer> {
  const h = hueOf(name);
  const initials = name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2);
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="hsl(${h},45%,35%)"/>
    <circle cx="300" cy="300" r="150" fill="hsl(${h},40%,80%)"/>
    <ellipse cx="300" cy="760" rx="260" ry="300" fill="hsl(${h},40%,80%)"/>
    <text x="300" y="335" font-size="110" font-weight="700" text-anchor="middle" fill="hsl(${h},45%,30%)" font-family="DejaVu Sans, sans-serif">${escape(initials)}</text>
  </svg>`);
}

/** A picture coloured by its label; `caption` prints the label on it. */
export function still(label: string, width = 1280, height = 720, caption = true): Promise<Buffer> {
  const h = hueOf(label);
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${h},65%,45%)"/><stop offset="1" stop-color="hsl(${(h + 90) % 360},55%,22%)"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <path d="M0 ${height * 0.75} Q ${width / 3} ${height * 0.55} ${width / 2} ${height * 0.7} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="#000" opacity="0.25"/>
    ${caption ? `<text x="${width / 2}" y="${height / 2}" font-size="${Math.round(height / 9)}" font-weight="700" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, sans-serif">${escape(label)}</text>` : ''}
  </svg>`);
}

/** A ring with a transparent middle, worn around an avatar. */
export function frame(colors: [string, string]): Promise<Buffer> {
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <circle cx="100" cy="100" r="90" fill="none" stroke="url(#g)" stroke-width="14"/>
    <circle cx="100" cy="100" r="98" fill="none" stroke="${colors[1]}" stroke-width="3" stroke-dasharray="6 6"/>
  </svg>`, 'png');
}

export function wallpaper(colors: [string, string]): Promise<Buffer> {
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600">
    <defs><radialGradient id="g" cx="0.3" cy="0.3" r="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></radialGradient></defs>
    <rect width="1600" height="600" fill="url(#g)"/>
  </svg>`);
}

/** ffmpeg's output for these arguments and inputs, made once. */
function ffmpeg(args: string[], ext: string, inputs: Record<string, Buffer> = {}): Promise<Buffer> {
  return kept([...args, ...Object.entries(inputs).flat()], ext, () => runFfmpeg(args, ext, inputs));
}

/**
 * Runs ffmpeg in a folder of its own; `inputs` are written there first, under their names. Never
 * blocking: a seed's kept-alive connections to Directus must see the server close them meanwhile.
 */
async function runFfmpeg(args: string[], ext: string, inputs: Record<string, Buffer>): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'seed-media-'));
  const out = path.join(dir, `out.${ext}`);
  try {
    for (const [name, bytes] of Object.entries(inputs)) await writeFile(path.join(dir, name), bytes);
    await promisify(execFile)(FFMPEG, ['-loglevel', 'error', '-y', ...args, out], { cwd: dir });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The demo episode's shape: a cold open, an opening tune under a title card, the episode, and
 * closing credits with their own music. The seed puts its opening and ending on the demo's seasons.
 */
export const DEMO_CLIP = {
  seconds: 48,
  opening: { start: 3, end: 15 },
  ending: { start: 40, end: 48 },
} as const;

/** A full-frame card of text lines, for the clip's title card and credits. */
function card(lines: string[], hue: number): Promise<Buffer> {
  const text = lines.map((l, i) => `<text x="320" y="${150 + i * 44 - (lines.length - 1) * 22}" font-size="${i === 0 ? 40 : 26}" font-weight="${i === 0 ? 700 : 400}" text-anchor="middle" fill="#fff" font-family="DejaVu Sans, sans-serif">${escape(l)}</text>`);
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360">
    <rect width="640" height="360" fill="hsl(${hue},45%,14%)"/>
    <circle cx="320" cy="180" r="150" fill="hsl(${hue},70%,45%)" opacity="0.25"/>
    ${text.join('\n')}
  </svg>`, 'png');
}

/** A stepping tune: `notes` frequencies, `perSecond` of them a second, `volume` 0..1 (ffmpeg's expression language). */
const tune = (notes: number[], perSecond: number, volume: number) =>
  `${volume}*sin(2*PI*t*(${notes.map((f, i) => `${f}*eq(mod(floor(t*${perSecond})\,${notes.length})\,${i})`).join('+')}))`;

/**
 * The demo episode (DEMO_CLIP): test picture with a quiet hum, the title card over it with its tune
 * for the opening, and credits with another tune for the ending. One clip serves every demo episode.
 */
export async function clip(seconds: number = DEMO_CLIP.seconds): Promise<Buffer> {
  const { opening, ending } = seconds >= DEMO_CLIP.seconds ? DEMO_CLIP : { opening: { start: -1, end: -1 }, ending: { start: seconds + 1, end: seconds + 1 } };
  const titleCard = await card(['Дорамы онлайн', 'Демо-серия'], 330);
  const credits = await card(['В ролях', 'Актёры демо-каталога', 'Режиссёр демо-каталога', 'Спасибо за просмотр'], 220);
  const sound = `if(between(t\,${opening.start}\,${opening.end})\,${tune([392, 440, 523, 587, 523, 440], 3, 0.4)}\,`
    + `if(gte(t\,${ending.start})\,${tune([262, 330, 392, 330], 2, 0.4)}\,0.05*sin(2*PI*196*t)))`;
  return ffmpeg([
    '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=640x360:rate=24`,
    '-loop', '1', '-framerate', '24', '-t', String(seconds), '-i', 'title.png',
    '-loop', '1', '-framerate', '24', '-t', String(seconds), '-i', 'credits.png',
    '-f', 'lavfi', '-i', `aevalsrc='${sound}':d=${seconds}:s=22050`,
    '-filter_complex', `[0][1]overlay=enable='between(t,${opening.start},${opening.end})'[a];[a][2]overlay=enable='gte(t,${ending.start})'[v]`,
    '-map', '[v]', '-map', '3:a',
    // A key frame every 2 s, as streaming encodes have: a seek decodes from the key frame before it,
    // which x264's default (one in 10 s) made up to 250 frames, seconds on a busy machine.
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '32', '-g', String(24 * 2),
    '-c:a', 'aac', '-b:a', '48k', '-shortest', '-movflags', '+faststart',
  ], 'mp4', { 'title.png': titleCard, 'credits.png': credits });
}

/** A short melody-like tone for a soundtrack entry. */
export function track(index: number, seconds = 6): Promise<Buffer> {
  const freq = 220 + (index % 7) * 55;
  return ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${freq}:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k'], 'mp3');
}
