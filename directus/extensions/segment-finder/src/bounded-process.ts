/**
 * A child process with a time limit and output limits, run at low priority so an analysis never
 * takes the CPU from the server. It always settles: a missing program, a crash, a timeout or too
 * much output are results, never thrown errors.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { Readable } from 'node:stream';

export interface BoundedOptions {
  timeoutMs: number;
  maxStdoutBytes: number;
  maxStderrBytes: number;
  /** A stream with a file descriptor (another process's stdout) fed to this one's stdin. */
  stdin?: Readable;
  signal?: AbortSignal;
  /** Leave stdout unread, for another process to take as its stdin. */
  passStdout?: boolean;
}

export interface BoundedResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
  timedOut: boolean;
  /** Output went past its limit; the process was stopped. */
  overflow: boolean;
  aborted: boolean;
  /** The program could not be started (ENOENT when it is not installed). */
  spawnError?: string;
}

/** Nice value of analysis processes: below the server, Directus and the site's builds. */
const LOW_PRIORITY = 15;

export function runBounded(command: string, args: readonly string[], options: BoundedOptions): { child: ChildProcess | null; done: Promise<BoundedResult> } {
  let child: ChildProcess;
  try {
    child = spawn(command, args, { stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const result: BoundedResult = { code: null, stdout: Buffer.alloc(0), stderr: '', timedOut: false, overflow: false, aborted: false, spawnError: (err as Error).message };
    return { child: null, done: Promise.resolve(result) };
  } finally {
    // The child has its own copy of the pipe now; the parent's would keep the other process from closing.
    options.stdin?.destroy();
  }
  const done = new Promise<BoundedResult>((resolve) => {
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let timedOut = false;
    let overflow = false;
    let aborted = false;
    let spawnError: string | undefined;
    const stop = () => { if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL'); };
    const timer = setTimeout(() => { timedOut = true; stop(); }, options.timeoutMs);
    const onAbort = () => { aborted = true; stop(); };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    child.once('spawn', () => {
      try { if (child.pid) os.setPriority(child.pid, LOW_PRIORITY); } catch { /* priority is a courtesy */ }
    });
    if (!options.passStdout) child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > options.maxStdoutBytes) { overflow = true; stop(); return; }
      out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      errBytes += chunk.length;
      if (errBytes > options.maxStderrBytes) { overflow = true; stop(); return; }
      err.push(chunk);
    });
    let settled = false;
    const settle = (code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8'), timedOut, overflow, aborted, spawnError });
    };
    child.once('error', (e) => {
      spawnError = e.message;
      if (child.pid === undefined) settle(null); // never started: no 'close' to wait for
    });
    child.once('close', (code) => settle(code));
  });
  return { child, done };
}
