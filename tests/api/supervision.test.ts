/**
 * `npm start` keeps Directus running (scripts/lib/directus-supervisor.ts): killed, it is started again on
 * the same port, says so in the log, and the site server's /api answers again while its static pages never
 * stopped; when it keeps failing to come back, it is left stopped with a clear message.
 */
import { once } from 'node:events';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../scripts/lib/backend.ts';
import { DirectusSupervisor } from '../../scripts/lib/directus-supervisor.ts';
import type { RunningDirectus } from '../../scripts/lib/directus-process.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { BAD_GATEWAY_ANSWER, startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { startTestBackend } from '../support/backend-template.ts';
import { ADMIN } from '../support/global-setup.ts';
import { TEST_BACKEND_ENV } from '../support/test-backend-env.ts';

/** Short waits, and three quick stops in a row are too many (every stop here comes soon after a start). */
const POLICY = { delaysMs: [300, 600], steadyMs: 10 * 60_000, maxQuickStops: 3 };

let workDir = '';
let backend: Backend;
let supervisor: DirectusSupervisor;
let site: SiteServer;
const lines: string[] = [];

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-supervision-'));
  const dist = path.join(workDir, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="ru"><title>Дорамы онлайн</title><h1>Дорамы онлайн</h1></html>');
  backend = await startTestBackend({
    dataDir: path.join(workDir, 'data'),
    port: await freePort(),
    secret: 'supervision-secret-'.padEnd(40, 'x'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    // The global setup built the extensions for this run.
    skipBuild: true,
    extra: TEST_BACKEND_ENV,
  });
  supervisor = new DirectusSupervisor(backend, { env: backend.env, quiet: true, policy: POLICY, log: (line) => lines.push(line) });
  site = await startSiteServer({ distDir: dist, port: 0, directusUrl: backend.url, apiCache: false });
}, 300_000);

afterAll(async () => {
  await site?.close();
  await supervisor?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}, 60_000);

const apiPing = () => fetch(`${site.url}/api/server/ping`);

describe('a Directus that stops unexpectedly', () => {
  it('is started again on the same port; the log says so; the site kept serving and its /api answers again', async () => {
    const first = supervisor.current;
    const killedAt = Date.now();
    const stopped = once(supervisor, 'stopped');
    const restarted = once(supervisor, 'restarted') as Promise<[RunningDirectus]>;
    first.child.kill('SIGKILL');
    expect(await stopped).toEqual([null, 'SIGKILL']);

    // Down: the static site still serves, /api says the data server is unreachable.
    expect((await fetch(site.url)).status).toBe(200);
    const down = await apiPing();
    expect(down.status).toBe(502);
    expect(await down.json()).toEqual(BAD_GATEWAY_ANSWER);

    const [again] = await restarted;
    const backAfterMs = Date.now() - killedAt;
    expect(again.url).toBe(first.url);
    expect(again.child.pid).not.toBe(first.child.pid);
    expect(lines).toContain('Directus stopped unexpectedly (signal SIGKILL); restarting in 0.3 s');
    expect(lines.find((l) => l.startsWith('Directus is back at'))).toMatch(new RegExp(`^Directus is back at ${first.url} \\(restart 1, [\\d.]+ s after it stopped\\)$`));

    const up = await apiPing();
    expect(up.status).toBe(200);
    expect(await up.text()).toBe('pong');
    const titles = await fetch(`${site.url}/api/items/titles?limit=1&fields=id`);
    expect(titles.status).toBe(200);
    console.log(`Directus answered again ${backAfterMs} ms after it was killed`);
  });

  it('is left stopped, with a clear message, when it keeps failing to come back', async () => {
    const current = supervisor.current;
    const port = Number(new URL(current.url).port);
    // Something else takes its port as soon as it stops: every start is refused at once.
    const squatter = http.createServer((_req, res) => res.end('pong'));
    const gaveUp = once(supervisor, 'gave-up') as Promise<[string]>;
    supervisor.once('stopped', () => squatter.listen(port, '127.0.0.1'));
    current.child.kill('SIGKILL');
    try {
      const [message] = await gaveUp;
      expect(message).toMatch(/^Directus stopped unexpectedly \(it did not start: Port \d+ is already in use.*\), 3 times in a row soon after starting; not restarting it again\./);
      expect(lines).toContain('Directus stopped unexpectedly (signal SIGKILL); restarting in 0.6 s');
      expect(lines.at(-1)).toBe(message);
      expect(supervisor.current).toBe(current);
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()));
    }
  });
});
