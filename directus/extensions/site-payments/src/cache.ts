/**
 * Plans change through the database inside one transaction, past Directus's services, so the
 * data cache (on in production) is purged once it is committed: no one reads the old role.
 */
import type { EndpointExtensionContext } from '@directus/extensions';
import type { Accountability } from '../../shared/directus.ts';

type Context = Pick<EndpointExtensionContext, 'services' | 'getSchema'>;

const BACKEND: Accountability = { role: null, roles: [], user: null, admin: true, app: false, ip: null };

export async function purgeCache({ services, getSchema }: Context): Promise<void> {
  const utils = new services.UtilsService({ schema: await getSchema(), accountability: BACKEND });
  await utils.clearCache({ system: false });
}
