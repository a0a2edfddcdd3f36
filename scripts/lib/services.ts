/**
 * PostgreSQL and Redis for the production-configuration tests: used when already running,
 * otherwise started, and installed from Debian's packages when missing (as root).
 */
import net from 'node:net';
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { aptInstall } from './debian-package.ts';

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => { socket.end(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.setTimeout(1000, () => { socket.destroy(); resolve(false); });
  });
}

async function waitFor(port: number, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await listening(port)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

function sh(cmd: string): void {
  execSync(cmd, { stdio: 'inherit' });
}

export async function ensurePostgres(): Promise<void> {
  if (await listening(5432)) return;
  if (!existsSync('/etc/postgresql')) aptInstall(['postgresql']);
  const version = readdirSync('/etc/postgresql')[0];
  // Local trust auth for the test databases, as on the development machines.
  sh(`sed -i -E 's/^(host\\s+all\\s+all\\s+127\\.0\\.0\\.1\\/32\\s+)\\S+/\\1trust/; s/^(local\\s+all\\s+all\\s+)\\S+/\\1trust/; s/^(local\\s+all\\s+postgres\\s+)\\S+/\\1trust/' /etc/postgresql/${version}/main/pg_hba.conf`);
  sh(`pg_ctlcluster --skip-systemctl-redirect ${version} main start || true`);
  if (!(await waitFor(5432))) throw new Error('PostgreSQL did not start on 127.0.0.1:5432');
}

export async function ensureRedis(): Promise<void> {
  if (await listening(6379)) return;
  if (!existsSync('/usr/bin/redis-server')) aptInstall(['redis-server']);
  sh('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no');
  if (!(await waitFor(6379))) throw new Error('Redis did not start on 127.0.0.1:6379');
}
