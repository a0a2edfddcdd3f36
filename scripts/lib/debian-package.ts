/**
 * Tools the project takes from Debian's archive (Chromium, fpcalc, PostgreSQL, Redis): used where they
 * are, otherwise installed with apt-get (as root, or through passwordless sudo). Nothing else is downloaded.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** How long apt waits for another apt or dpkg (a second start, an unattended upgrade) to let go of its locks. */
const LOCK_WAIT_SECONDS = 600;
const LOCK_RETRY_MS = 2_000;
/** apt-get's words when another process holds a lock it needs. */
const LOCK_HELD = /Could not get lock|Unable to lock/;

type Log = (message: string) => void;
const toStderr: Log = (m) => console.error(m);

/**
 * Runs apt-get with `args`, waiting for locks another apt holds: dpkg's through apt's own timeout, the
 * package lists' (which `apt-get update` takes without waiting) by trying again.
 */
function aptGet(args: string[], log: Log): void {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const command = [...(asRoot ? [] : ['sudo', '-n']), 'apt-get', '-o', `DPkg::Lock::Timeout=${LOCK_WAIT_SECONDS}`, ...args];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const deadline = Date.now() + LOCK_WAIT_SECONDS * 1000;
  log(`$ ${command.join(' ')}`);
  for (;;) {
    const [cmd, ...rest] = command;
    const result = spawnSync(cmd as string, rest, { env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
    if (result.error) throw new Error(`apt-get could not run: ${result.error.message}`);
    if (result.status === 0) return;
    if (LOCK_HELD.test(result.stderr) && Date.now() < deadline) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOCK_RETRY_MS);
      continue;
    }
    process.stderr.write(result.stderr);
    throw new Error(`apt-get ${args.join(' ')} failed with status ${result.status}${asRoot ? '' : ' (installing needs root or passwordless sudo)'}`);
  }
}

/** Installs Debian's `packages`, reading the archive's lists first. */
export function aptInstall(packages: string[], log: Log = toStderr): void {
  aptGet(['update'], log);
  aptGet(['install', '-y', '--no-install-recommends', '-o', 'Dpkg::Options::=--force-confold', ...packages], log);
}

/** Returns `binary`, installing Debian's `pkg` first if it is not there. */
export function ensureDebianPackage(binary: string, pkg: string, log: Log = toStderr): string {
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux') throw new Error(`${binary} not found; install it (Debian: apt-get install ${pkg})`);
  aptInstall([pkg], log);
  if (!existsSync(binary)) throw new Error(`apt-get installed ${pkg} but ${binary} is missing`);
  return binary;
}
