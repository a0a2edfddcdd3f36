/**
 * The site server's way to Directus: a kept-alive connection that Directus closes just as the proxy
 * reuses it must not reach a person as 502 'Сервер данных недоступен'.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { API_PREFIX } from '../../scripts/lib/rewrites.ts';

let upstream: http.Server;
let site: SiteServer;
let dist = '';
const bodies: string[] = [];

beforeAll(async () => {
  // Answers the first request of each connection and drops the connection at its second, as a
  // server does whose keep-alive timeout ran out while the request was on its way.
  upstream = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) return void socket.destroy();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(Buffer.concat(chunks).toString());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { path: req.url } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  dist = mkdtempSync(path.join(os.tmpdir(), 'site-proxy-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
  site = await startSiteServer({ distDir: dist, port: 0, directusUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await site?.close();
  upstream?.close();
  upstream?.closeAllConnections();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

it('sends a read again on a new connection when the kept one was closed as it was reused', async () => {
  for (const n of [1, 2, 3]) {
    const res = await fetch(`${site.url}${API_PREFIX}/items/titles?n=${n}`);
    expect(res.status, `read ${n}`).toBe(200);
    expect(((await res.json()) as { data: { path: string } }).data.path).toBe(`/items/titles?n=${n}`);
  }
});

it('does not send a write twice: a write on a dropped connection answers 502', async () => {
  // A read leaves a connection that has served one request for the next call to reuse.
  expect((await fetch(`${site.url}${API_PREFIX}/items/titles`)).status).toBe(200);
  const before = bodies.length;
  const write = await fetch(`${site.url}${API_PREFIX}/items/reviews`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":2}' });
  expect(write.status).toBe(502);
  expect(bodies.length).toBe(before);
});
