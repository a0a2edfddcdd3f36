/** Brings a fresh or existing Directus to the backend described in this folder; safe to repeat. */
import { AdminApi } from './admin-api.ts';
import { applyAccess } from './access.ts';
import { applyAdminViews } from './admin-views.ts';
import { applyFlows } from './flows.ts';
import { applyPlans } from './plans.ts';
import { applySchema } from './schema.ts';
import { applySettings } from './settings.ts';

/** Returns how many writes were needed: 0 on a backend that already matches. */
export async function applyAll(api: AdminApi): Promise<number> {
  const before = api.writes;
  await applySchema(api);
  await applyAccess(api);
  await applyFlows(api);
  await applySettings(api);
  await applyAdminViews(api);
  await applyPlans(api);
  return api.writes - before;
}
