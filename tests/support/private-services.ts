/**
 * A PostgreSQL cluster and a Redis server of a test's own, on free ports in a temporary folder, that
 * the test may stop and start again (the machine's shared ones are never stopped). PostgreSQL runs as
 * the `postgres` system user, so the test runs as root.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/free-port.ts';

const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  port: number;
  stop(): void;
  start(): void;
  /** Stops it for good and removes its files. */
  remove(): void;
}

function asPostgres(command: string, args: string[]): void {
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, command), ...args], { stdio: 'pipe' });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dorama-pg-'));
  chownSync(dir, idOf('-u'), idOf('-g'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const pg: PrivatePostgres = {
    port,
    start: () => asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']),
    // Fast: open connections are cut, as a restart by an operator or a failover does.
    stop: () => asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    remove: () => {
      try {
        pg.stop();
      } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}

/** The `postgres` system user's uid (`-u`) or gid (`-g`). */
const idOf = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres']).toString().trim());

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A Redis server without persistence, as a cache and message bus needs none. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    start: async () => {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child!.stdout!.on('data', (d) => {
          output += d;
          if (output.includes('Ready to accept connections')) resolve();
        });
        child!.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      });
    },
    stop: () => new Promise((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
  await redis.start();
  return redis;
}
