/**
 * The rebuild webhook for production, where nginx (or a CDN's origin) serves the files: builds go to
 * `$SITE_ROOT/builds/<id>` and `$SITE_ROOT/current` (nginx's root) is swapped to each good build in one
 * rename. Listens on 127.0.0.1:REBUILD_PORT (8787) for `POST|GET /__rebuild` from Directus and
 * `GET /healthz` (nginx passes it on); see
 * deploy/README.md. Builds at launch only when the catalogue or the code changed since the served build.
 *
 *   SITE_ROOT=/srv/dorama SITE_URL=https://example.ru DIRECTUS_URL=http://127.0.0.1:8055 \
 *   SITE_REBUILD_SECRET=… node scripts/rebuild-runner.ts
 *
 * SITE_RELOAD_COMMAND (e.g. `sudo -n systemctl reload nginx`) runs after a build that changed the former
 * addresses' redirects.map, which nginx reads only as it loads.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { COUNTERS_REFRESH_MINUTES, createRebuildLoop } from './site-build/rebuild-loop.ts';
import { REBUILD_PATH } from './site-build/rebuild-webhook.ts';
import { readRunnerSettings } from './site-build/runner-settings.ts';
import { currentLink, servedBuild } from './site-build/rebuilder.ts';
import { healthCheck } from './lib/health.ts';
import { NGINX_REDIRECTS_FILE } from './lib/redirects.ts';

const env = process.env;
const settings = readRunnerSettings(env);
if (Array.isArray(settings)) {
  for (const problem of settings) console.error(problem);
  process.exit(1);
}
const sitesDir = path.resolve(settings.siteRoot);
const { directusUrl, secret, siteUrl } = settings;
const minutes = Number(env.SITE_COUNTERS_REFRESH_MINUTES ?? COUNTERS_REFRESH_MINUTES);

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

const redirectsOf = (dir: string): string | null => {
  try {
    return readFileSync(path.join(dir, NGINX_REDIRECTS_FILE), 'utf8');
  } catch {
    return null;
  }
};
let redirectsRead = redirectsOf(currentLink(sitesDir));
/** Has the front server load the redirects again when a build changed them. */
function reloadWhenRedirectsMoved(dir: string): void {
  const command = env.SITE_RELOAD_COMMAND;
  const now = redirectsOf(dir);
  if (!command || now === redirectsRead) return;
  redirectsRead = now;
  spawn(command, { shell: true, stdio: 'inherit' })
    .on('error', (err) => log(`SITE_RELOAD_COMMAND could not run: ${err.message}`))
    .on('exit', (code) => code && log(`SITE_RELOAD_COMMAND ended with ${code}`));
}

const loop = createRebuildLoop({
  sitesDir,
  directusUrl,
  secret,
  siteUrl,
  countersEveryMs: minutes * 60_000,
  log,
  onServed: reloadWhenRedirectsMoved,
});

const health = healthCheck(directusUrl, () => servedBuild(loop.rebuilder));
const server = http.createServer(async (req, res) => {
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const target = { pathname: q === -1 ? rawUrl : rawUrl.slice(0, q), searchParams: new URLSearchParams(q === -1 ? '' : rawUrl.slice(q + 1)) };
  try {
    if (await health(req, res, target) || await loop.webhook(req, res, target)) return;
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
  } catch (err) {
    console.error(err);
    if (!res.headersSent) res.writeHead(500).end();
  }
});
const port = Number(env.REBUILD_PORT ?? 8787);
const host = env.REBUILD_HOST ?? '127.0.0.1';
server.listen(port, host, () => console.log(`Rebuild webhook on http://${host}:${port}${REBUILD_PATH}; nginx root: ${currentLink(sitesDir)}`));

const outcome = await loop.rebuilder.start().catch((err: Error) => {
  console.error(err.message);
  return 'failed';
});
console.log(outcome === 'kept' ? 'Catalogue and code unchanged: the served build stays' : `Start: ${outcome}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    server.close();
    await loop.close();
    process.exit(0);
  });
}
