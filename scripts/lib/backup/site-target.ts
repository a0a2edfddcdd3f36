/** The data of the site this checkout runs: `.env` when there is one, then the environment, as `npm start` reads them. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { directusEnv } from '../directus-env.ts';
import { dataDirOf, ENV_FILE } from '../local-env.ts';
import { dataTarget, type DataTarget } from './target.ts';

export function siteTarget(): DataTarget {
  if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
  const dataDir = dataDirOf(process.env);
  // Only where the data lives is read from it: no secret, port or account is needed for that.
  const env = directusEnv({ dataDir, port: 0, secret: '', adminEmail: '', adminPassword: '', inheritProduction: true });
  return dataTarget(env, dataDir);
}

/** A path given on the command line, as meant from where `npm run` was typed. */
export function fromCaller(given: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}
