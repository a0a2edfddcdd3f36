/** Runs the Directus CLI as a child process on the project's own Node. */
import { spawn, type ChildProcess } from 'node:child_process';
import { DIRECTUS_CLI, ROOT } from './paths.ts';

/** Creates system tables and the first admin on an empty database; harmless on an existing one. */
export function bootstrapDirectus(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DIRECTUS_CLI, 'bootstrap'], { cwd: ROOT, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`directus bootstrap failed (${code}):\n${output}`))));
  });
}

export interface RunningDirectus {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts Directus and resolves once its health check answers. */
export async function startDirectus(env: Record<string, string>, opts: { quiet?: boolean } = {}): Promise<RunningDirectus> {
  const url = `http://127.0.0.1:${env.PORT}`;
  // Otherwise the health check could be answered by whatever already listens there.
  if (await answers(url)) throw new Error(`Port ${env.PORT} is already in use: stop what runs there or set DIRECTUS_PORT`);
  const child = spawn(process.execPath, [DIRECTUS_CLI, 'start'], {
    cwd: ROOT,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', opts.quiet ? 'pipe' : 'inherit', opts.quiet ? 'pipe' : 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20000)));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`Directus exited early (${code}):\n${output}`))),
  );
  try {
    await Promise.race([waitHealthy(url), exited]);
  } catch (err) {
    // One that never became healthy is not left running behind the caller's back.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        // Ended already, by itself or by a signal (then exitCode stays null).
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/server/ping`)).ok;
  } catch {
    return false;
  }
}

export async function waitHealthy(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Directus at ${url} did not become healthy in ${timeoutMs} ms`);
}

/** The child keeps PATH (our Node first) and HOME, and nothing else of the caller's Directus settings. */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS'];
  return Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k] as string]));
}
