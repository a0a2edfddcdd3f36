/**
 * A throw-away backend filled with the synthetic catalogue, for the benchmarks: Directus on a
 * temporary SQLite data dir, or on a temporary PostgreSQL database with Redis, applied and then
 * synthesised (scripts/synth.ts). `stop()` removes everything unless asked to keep it.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import { knexForEnv, synthesise, type SynthResult } from '../synth.ts';
import { startBackend, type Backend } from './backend.ts';
import { freePort } from './free-port.ts';
import { ownedTempDir } from './owned-dirs.ts';
import { ensurePostgres, ensureRedis } from './services.ts';
import { clearRedisNamespace, createDatabase, dropDatabase, productionEnv, uniqueName } from './postgres.ts';

export interface SynthBackendOptions {
  pg?: boolean;
  cache?: boolean;
  keep?: boolean;
  titles: number;
  actors: number;
  via?: 'db' | 'rest';
  /** Directus's port (a free one by default). */
  port?: number;
  /** The site's rebuild webhook the backend's hook calls on every public change. */
  siteRebuild?: { url: string; secret: string };
}

export interface SynthBackend {
  backend: Backend;
  synth: SynthResult;
  database: 'postgres' | 'sqlite';
  /** The PostgreSQL database of the run, or '' on SQLite. */
  pgName: string;
  startMs: number;
  stop(): Promise<void>;
}

export async function startSynthBackend(o: SynthBackendOptions): Promise<SynthBackend> {
  const database = o.pg ? 'postgres' : 'sqlite';
  const dataDir = ownedTempDir(os.tmpdir(), 'dorama-bench-');
  const pgName = o.pg ? uniqueName('dorama_bench') : '';
  let backend: Backend | undefined;
  const stop = async () => {
    await backend?.stop();
    if (pgName && !o.keep) {
      await dropDatabase(pgName).catch((err) => console.error(`could not drop ${pgName}: ${err.message}`));
      await clearRedisNamespace(pgName).catch(() => {});
    }
    if (!o.keep) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));

  try {
    if (pgName) {
      await ensurePostgres();
      await ensureRedis();
      await createDatabase(pgName);
    }
    const extra: Record<string, string> = {
      ...(pgName ? productionEnv(pgName, pgName) : {}),
      // The measured reads, not the rate limiter, are the subject; the limiter stays on the request path.
      RATE_LIMITER_POINTS: '1000000',
      CACHE_ENABLED: o.cache ? 'true' : 'false',
      LOG_LEVEL: 'warn',
    };
    console.log(`Starting Directus on ${database}${pgName ? ` (${pgName}, Redis)` : ` (${dataDir})`}, cache ${o.cache ? 'on' : 'off'} …`);
    const t0 = performance.now();
    backend = await startBackend({
      dataDir, port: o.port ?? await freePort(), secret: randomBytes(24).toString('hex'), adminEmail: 'admin@example.com',
      adminPassword: randomBytes(12).toString('hex'), quiet: true, extra, siteRebuild: o.siteRebuild,
    });
    const startMs = Math.round(performance.now() - t0);
    console.log(`  started and applied in ${(startMs / 1000).toFixed(1)} s`);

    console.log(`Synthesising ${o.titles} titles and ${o.actors} actors …`);
    const db = o.via === 'rest' ? undefined : knexForEnv(backend.env);
    let synth: SynthResult;
    try {
      synth = await synthesise({ api: backend.api, db, via: o.via, titles: o.titles, actors: o.actors });
    } finally {
      await db?.destroy();
    }
    console.log(`  synthesised in ${(synth.ms / 1000).toFixed(1)} s (${synth.via})`);
    return { backend, synth, database, pgName, startMs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
