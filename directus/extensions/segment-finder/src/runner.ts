/**
 * The one search of this Directus process, shared by the hook (uploads) and the «Найти заставки»
 * operation: both are entries of this bundle, so they queue into the same line.
 */
import type { HookExtensionContext } from '@directus/extensions';
import type { Readable } from 'node:stream';
import { createSegmentSearch, type SegmentSearch } from './search.ts';
import { defaultTools } from './tools.ts';

type Deps = Pick<HookExtensionContext, 'services' | 'database' | 'getSchema' | 'env' | 'logger'>;

let search: SegmentSearch | undefined;

export function segmentSearch({ services, database, getSchema, env, logger }: Deps): SegmentSearch {
  const segments = async () => new services.ItemsService('segments', { knex: database, schema: await getSchema() });
  search ??= createSegmentSearch({
    database,
    env,
    tools: defaultTools(),
    logWarning: (message) => logger.warn(message),
    async readFile(id) {
      const { stream } = await new services.AssetsService({ knex: database, schema: await getSchema() }).getAsset(id);
      return stream as Readable;
    },
    async createProposal(row) {
      await (await segments()).createOne({ ...row });
    },
    async removeProposals(ids) {
      await (await segments()).deleteByQuery({ filter: { _and: [{ id: { _in: [...ids] } }, { state: { _eq: 'proposed' } }, { source: { _eq: 'auto' } }] } });
    },
    async purgeCache() {
      // Clearing the cache is an admin's act to Directus: the backend acts as one here.
      const accountability = { role: null, roles: [], user: null, admin: true, app: false, ip: null };
      await new services.UtilsService({ knex: database, schema: await getSchema(), accountability }).clearCache({ system: false });
    },
  });
  return search;
}
