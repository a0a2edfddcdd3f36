/** Absolute paths of the project, so scripts work from any working directory. */
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DIRECTUS_DIR = path.join(ROOT, 'directus');
export const EXTENSIONS_DIR = path.join(DIRECTUS_DIR, 'extensions');
export const DIRECTUS_CLI = path.join(ROOT, 'node_modules/@directus/api/dist/cli/run.js');
export const DEFAULT_DATA_DIR = path.join(ROOT, '.data');
/**
 * This machine's cache, shared by every checkout on it: what is kept there is named by a hash of what
 * made it, so a checkout of other code finds its own or makes it.
 */
export const MACHINE_CACHE = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'dorama');
