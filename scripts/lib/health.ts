/**
 * GET /healthz for the site server and the production runner: 200 with the backend's state and the
 * served build, 503 when Directus does not answer (or no build is served yet), so a load balancer or
 * a monitor can tell a node that serves from one that does not.
 */
import type http from 'node:http';
import type { SiteHandler } from './static-server.ts';
import { sharedRun } from '../../directus/extensions/shared/shared-run.ts';

export const HEALTH_PATH = '/healthz';
/** Directus has this long to answer before the node counts as down. */
const BACKEND_TIMEOUT_MS = 2_000;
/**
 * How long one answer of Directus's health is told to every caller after it came. Directus counts the
 * check against this server's own address, the one the page build reads from: asked on every hit, a
 * flood of /healthz used up that address's rate and failed a build on 429. Shared, a flood costs
 * Directus at most one call a second, and a monitor still hears of a change within about a second.
 */
export const BACKEND_HEALTH_REUSE_MS = 1_000;

export interface ServedBuild {
  id: string;
  /** When it was finished, ISO; null when not known. */
  builtAt: string | null;
}

export interface Health {
  status: 'ok' | 'fail';
  backend: { status: 'ok' | 'down'; ms: number; error?: string };
  build: ServedBuild | null;
}

/** Asks Directus's own health route; 'down' on no answer, a timeout or a failing status. */
export async function backendHealth(directusUrl: string): Promise<Health['backend']> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(`${directusUrl.replace(/\/+$/, '')}/server/health`, { signal: AbortSignal.timeout(BACKEND_TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as { status?: string } | null;
    return res.ok && body?.status === 'ok' ? { status: 'ok', ms: ms() } : { status: 'down', ms: ms(), error: `status ${res.status}` };
  } catch (err) {
    return { status: 'down', ms: ms(), error: (err as Error).name === 'TimeoutError' ? 'timeout' : (err as Error).message };
  }
}

export async function health(directusUrl: string, build: ServedBuild | null, backendState = () => backendHealth(directusUrl)): Promise<Health> {
  const backend = await backendState();
  return { status: backend.status === 'ok' && build ? 'ok' : 'fail', backend, build };
}

/**
 * The handler: GET or HEAD /healthz, never cached by anyone else. Every caller shares one check of
 * Directus (BACKEND_HEALTH_REUSE_MS), so it is not limited per address as /api is: an answer costs this
 * server what a page does, and a load balancer asking from one address is never refused.
 */
export function healthCheck(directusUrl: string, build: () => ServedBuild | null): SiteHandler {
  const backendState = sharedRun(() => backendHealth(directusUrl), BACKEND_HEALTH_REUSE_MS);
  return async (req: http.IncomingMessage, res: http.ServerResponse, target) => {
    if (target.pathname !== HEALTH_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const state = await health(directusUrl, build(), backendState);
    res.writeHead(state.status === 'ok' ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : JSON.stringify(state));
    return true;
  };
}
