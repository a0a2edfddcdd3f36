/**
 * Debian's Chromium for the e2e tests: `/usr/bin/chromium`, installed with
 * apt-get when missing. Playwright drives it through `playwright-core`; nothing is downloaded
 * from outside Debian's own archive and the npm registry.
 */
import { ensureDebianPackage } from './debian-package.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags for a headless run in a container: no sandbox (root), no GPU, nothing phoning home. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/** Returns the Chromium binary, installing Debian's `chromium` package first if it is not there. */
export function ensureChromium(log: (m: string) => void = (m) => console.error(m)): string {
  return ensureDebianPackage(CHROMIUM_PATH, 'chromium', log);
}
