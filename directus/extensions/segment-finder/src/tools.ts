/**
 * The programs the analysis runs: the project's ffmpeg (npm `@ffmpeg-installer/linux-x64`) decodes,
 * Debian's fpcalc (`libchromaprint-tools`) fingerprints the decoded PCM.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

export const FPCALC_PATH = '/usr/bin/fpcalc';

export interface Tools {
  ffmpeg: string;
  fpcalc: string;
}

function projectFfmpeg(): string {
  const manifest = createRequire(import.meta.url).resolve('@ffmpeg-installer/linux-x64/package.json');
  return path.join(path.dirname(manifest), 'ffmpeg');
}

export function defaultTools(): Tools {
  return { ffmpeg: process.env.SEGMENT_FFMPEG ?? projectFfmpeg(), fpcalc: process.env.SEGMENT_FPCALC ?? FPCALC_PATH };
}
