/**
 * Debian's Chromium for the e2e tests (design.md, Tests): `/usr/bin/chromium`, installed with
 * apt-get when missing. Playwright drives it through `playwright-core`; nothing is downloaded
 * from outside Debian's own archive and the npm registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  if (process.platform !== 'linux') throw new Error(`Chromium not found at ${CHROMIUM_PATH}; install it (Debian: apt-get install chromium)`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => {
    log(`$ ${[...sudo, ...args].join(' ')}`);
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd as string, rest, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.error) throw new Error(`${args[0]} could not run: ${result.error.message}`);
    if (result.status !== 0) {
      throw new Error(`${args.join(' ')} failed with status ${result.status}${asRoot ? '' : ' (installing Chromium needs root or passwordless sudo)'}`);
    }
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', '-o', 'Dpkg::Options::=--force-confold', 'chromium']);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`apt-get installed chromium but ${CHROMIUM_PATH} is missing`);
  return CHROMIUM_PATH;
}
