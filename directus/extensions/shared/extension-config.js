/**
 * What every extension's `extension.config.js` gives `directus-extension build`.
 *
 * - Backend side: every package import stays an import. Directus loads these extensions from this
 *   repository, whose node_modules hold Directus and all it runs on; a bundled copy of `@directus/*`,
 *   knex, express, sharp or busboy would split Directus's singletons (its bus, its Redis client, its
 *   error classes) and cannot carry native code. A package that is not installed fails the build
 *   rather than the start.
 * - Both sides: when `EXTENSION_INPUTS_FILE` is set, the files each build read are appended to it,
 *   so scripts/build-extensions.ts knows what to watch before it builds again.
 */
import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `@directus/api/rate-limiter` → `@directus/api`; `knex` → `knex`. */
function packageName(id) {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isPackage = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !path.isAbsolute(id);
const isBuiltin = (id) => id.startsWith('node:');

/** The Vue plugin runs in the admin app's build alone: that is how a build says which side it is. */
const isAppBuild = (plugins) => [plugins].flat(Infinity).some((p) => p && typeof p === 'object' && p.name === 'vite:vue');

/** @returns {import('rollup').Plugin} */
function keepPackagesExternal() {
  return {
    name: 'keep-packages-external',
    options(options) {
      if (isAppBuild(options.plugins)) return null;
      const own = options.external;
      return {
        ...options,
        // A package's export left unused (the adapter re-exports Directus modules) leaves no import behind.
        treeshake: { ...(typeof options.treeshake === 'object' ? options.treeshake : {}), moduleSideEffects: 'no-external' },
        external(id, importer, resolved) {
          if (typeof own === 'function' ? own(id, importer, resolved) : [own ?? []].flat().includes(id)) return true;
          // Entries (no importer) are the extension's own files, whatever their path looks like.
          if (!importer || resolved) return false;
          if (isBuiltin(id)) return true;
          if (!isPackage(id)) return false;
          if (!existsSync(path.join(ROOT, 'node_modules', packageName(id)))) {
            throw new Error(`${id}: not installed in ${ROOT}node_modules (imported by ${importer})`);
          }
          return true;
        },
      };
    },
  };
}

/** @returns {import('rollup').Plugin} */
function recordInputs() {
  return {
    name: 'record-inputs',
    buildEnd() {
      const file = process.env.EXTENSION_INPUTS_FILE;
      if (!file) return;
      const read = [...this.getModuleIds()].filter((id) => path.isAbsolute(id) && existsSync(id));
      appendFileSync(file, read.map((id) => `${id}\n`).join(''));
    },
  };
}

export default { plugins: [keepPackagesExternal(), recordInputs()] };
