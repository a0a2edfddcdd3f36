/** The local `.env`: written once with generated secrets, then read by every script. */
import { existsSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ROOT, DEFAULT_DATA_DIR } from './paths.ts';

export const ENV_FILE = path.join(ROOT, '.env');

export interface LocalConfig {
  created: boolean;
  dataDir: string;
  directusPort: number;
  sitePort: number;
  /** The local stand-in of the payment gateway. */
  gatewayPort: number;
  secret: string;
  adminEmail: string;
  adminPassword: string;
}

/** The data folder a configuration names: DATA_DIR, or the project's `.data/`. */
export const dataDirOf = (env: NodeJS.ProcessEnv) => path.resolve(ROOT, env.DATA_DIR ?? DEFAULT_DATA_DIR);

export function loadLocalConfig(): LocalConfig {
  const created = !existsSync(ENV_FILE);
  if (created) {
    writeFileSync(
      ENV_FILE,
      [
        '# Written on first start. Keep it private; delete it with .data/ to start over.',
        `SECRET=${randomBytes(32).toString('hex')}`,
        'ADMIN_EMAIL=admin@example.com',
        `ADMIN_PASSWORD=${randomBytes(9).toString('base64url')}`,
        '',
      ].join('\n'),
      { mode: 0o600 },
    );
  }
  process.loadEnvFile(ENV_FILE);
  const env = process.env;
  return {
    created,
    dataDir: dataDirOf(env),
    directusPort: Number(env.DIRECTUS_PORT ?? 8055),
    sitePort: Number(env.SITE_PORT ?? 4321),
    gatewayPort: Number(env.GATEWAY_PORT ?? 4331),
    secret: env.SECRET as string,
    adminEmail: env.ADMIN_EMAIL as string,
    adminPassword: env.ADMIN_PASSWORD as string,
  };
}
