/**
 * Chromaprint's command-line fingerprinter, from Debian's `libchromaprint-tools`: the segment finder
 * pipes decoded sound into it. Installed with apt-get when missing, like Chromium.
 */
import { FPCALC_PATH } from '../../directus/extensions/segment-finder/src/tools.ts';
import { ensureDebianPackage } from './debian-package.ts';

export function ensureFpcalc(log: (m: string) => void = (m) => console.error(m)): string {
  return ensureDebianPackage(FPCALC_PATH, 'libchromaprint-tools', log);
}
