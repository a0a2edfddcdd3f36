/**
 * Plans change through the database inside one transaction, past Directus's services, so the
 * data cache (on in production) is purged once it is committed: no one reads the old role.
 */
import type { EndpointExtensionContext } from '@directus/extensions';

export type Services = EndpointExtensionContext['services'];

export async function purgeCache(services: Services, getSchema: () => Promise<unknown>): Promise<void> {
  const utils = new services.UtilsService({ schema: await getSchema(), accountability: { admin: true } as never });
  await utils.clearCache({ system: false });
}
