/** `npm run seed`: seeds the running local Directus with the demo catalogue if it is empty. */
import { AdminApi } from '../directus/apply/admin-api.ts';
import { seedDemo } from '../directus/seed/index.ts';
import { loadLocalConfig } from './lib/local-env.ts';

const config = loadLocalConfig();
const url = process.env.DIRECTUS_URL ?? `http://127.0.0.1:${config.directusPort}`;
const api = await AdminApi.login(url, config.adminEmail, config.adminPassword);
console.log((await seedDemo(api)) ? 'Demo catalogue seeded' : 'The catalogue already has titles: nothing seeded');
