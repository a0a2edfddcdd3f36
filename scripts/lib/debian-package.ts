/**
 * Tools the project takes from Debian's archive (Chromium, fpcalc): used where they are, otherwise
 * installed with apt-get (as root, or through passwordless sudo). Nothing else is downloaded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Returns `binary`, installing Debian's `pkg` first if it is not there. */
export function ensureDebianPackage(binary: string, pkg: string, log: (m: string) => void = (m) => console.error(m)): string {
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux') throw new Error(`${binary} not found; install it (Debian: apt-get install ${pkg})`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args: string[]) => {
    log(`$ ${[...sudo, ...args].join(' ')}`);
    const [cmd, ...rest] = [...sudo, ...args];
    const result = spawnSync(cmd as string, rest, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.error) throw new Error(`${args[0]} could not run: ${result.error.message}`);
    if (result.status !== 0) {
      throw new Error(`${args.join(' ')} failed with status ${result.status}${asRoot ? '' : ` (installing ${pkg} needs root or passwordless sudo)`}`);
    }
  };
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', '-o', 'Dpkg::Options::=--force-confold', pkg]);
  if (!existsSync(binary)) throw new Error(`apt-get installed ${pkg} but ${binary} is missing`);
  return binary;
}
