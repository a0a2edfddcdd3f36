/** `npm run apply`: applies schema, access, flows and settings to the running local Directus. */
import { AdminApi } from '../directus/apply/admin-api.ts';
import { applyAll } from '../directus/apply/index.ts';
import { loadLocalConfig } from './lib/local-env.ts';

const config = loadLocalConfig();
const url = process.env.DIRECTUS_URL ?? `http://127.0.0.1:${config.directusPort}`;
const api = await AdminApi.login(url, config.adminEmail, config.adminPassword);
const writes = await applyAll(api);
console.log(writes ? `Applied: ${writes} changes` : 'Already up to date: nothing changed');
