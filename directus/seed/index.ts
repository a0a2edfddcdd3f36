/** Fills an empty backend with the demo catalogue and community; leaves a non-empty one alone. */
import { AdminApi } from '../apply/admin-api.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedCommunity } from './community.ts';

export async function isEmpty(api: AdminApi): Promise<boolean> {
  const titles = await api.get<unknown[]>('/items/titles?limit=1&fields=id');
  return titles.length === 0;
}

/** Returns false when the catalogue already had content and nothing was seeded. */
export async function seedDemo(api: AdminApi, log: (m: string) => void = console.log): Promise<boolean> {
  if (!(await isEmpty(api))) return false;
  const ids = await seedCatalogue(api, log);
  await seedCommunity(api, ids, log);
  return true;
}
