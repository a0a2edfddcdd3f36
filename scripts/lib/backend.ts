/** Brings up a complete backend: extensions built, database bootstrapped, Directus started and applied. */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AdminApi } from '../../directus/apply/admin-api.ts';
import { applyAll } from '../../directus/apply/index.ts';
import { buildExtensions } from '../build-extensions.ts';
import { directusEnv, type DirectusOptions } from './directus-env.ts';
import { bootstrapDirectus, startDirectus, type RunningDirectus } from './directus-process.ts';

export interface Backend extends RunningDirectus {
  api: AdminApi;
  env: Record<string, string>;
  /** Writes the apply needed on this start (0 when nothing had to change). */
  applyWrites: number;
}

export interface BackendOptions extends DirectusOptions {
  quiet?: boolean;
  skipBuild?: boolean;
  /** The database already holds a bootstrapped backend (a copy of one): `directus bootstrap` is skipped. */
  bootstrapped?: boolean;
}

export async function startBackend(o: BackendOptions): Promise<Backend> {
  mkdirSync(path.join(o.dataDir, 'uploads'), { recursive: true });
  if (!o.skipBuild) await buildExtensions();
  const env = directusEnv(o);
  if (!o.bootstrapped) await bootstrapDirectus(env);
  const running = await startDirectus(env, { quiet: o.quiet });
  try {
    const api = await AdminApi.login(running.url, o.adminEmail, o.adminPassword);
    const applyWrites = await applyAll(api);
    return { ...running, api, env, applyWrites };
  } catch (err) {
    await running.stop();
    throw err;
  }
}
