/**
 * Demo pictures, clips and sounds, drawn locally: posters and photos are SVG rendered by sharp,
 * the clip and the tracks come from ffmpeg's test sources. Nothing is downloaded.
 */
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FFMPEG = fileURLToPath(new URL('../../node_modules/@ffmpeg-installer/linux-x64/ffmpeg', import.meta.url));

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

async function render(svg: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 82 }).toBuffer();
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

function ffmpeg(args: string[], ext: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-media-'));
  const out = path.join(dir, `out.${ext}`);
  try {
    execFileSync(FFMPEG, ['-loglevel', 'error', '-y', ...args, out]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A few seconds of moving test picture with a tone, small enough for the repo-free demo. */
export function clip(seconds = 4): Buffer {
  return ffmpeg([
    '-f', 'lavfi', '-i', `testsrc2=duration=${seconds}:size=640x360:rate=24`,
    '-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`,
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-crf', '30',
    '-c:a', 'aac', '-b:a', '64k', '-shortest', '-movflags', '+faststart',
  ], 'mp4');
}

/** A short melody-like tone for a soundtrack entry. */
export function track(index: number, seconds = 6): Buffer {
  const freq = 220 + (index % 7) * 55;
  return ffmpeg(['-f', 'lavfi', '-i', `sine=frequency=${freq}:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k'], 'mp3');
}
