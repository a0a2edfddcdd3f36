/** Project settings: Russian admin app, registration through the site's endpoint only, no lock-outs, image presets, an owner. */
import { ASSET_PRESETS } from '../../shared/asset-presets.ts';
import { ROLES } from '../../shared/rules.ts';
import { AdminApi, covers } from './admin-api.ts';

const SETTINGS = {
  project_name: 'Дорамы онлайн',
  project_descriptor: 'Каталог и сообщество',
  default_language: 'ru-RU',
  // Accounts are made whole by POST /site/register (login, names, date of birth at once).
  public_registration: false,
  public_registration_role: ROLES.user,
  public_registration_verify_email: false,
  public_registration_email_filter: null,
  // Failed logins are limited per address and per email (extensions/site-auth); suspending the
  // account after N failures would let anyone lock anyone out.
  auth_login_attempts: null,
  storage_asset_transform: 'presets',
  storage_asset_presets: ASSET_PRESETS,
  // Directus's own module bar plus 'Сайт' (extensions/site-rebuild): custom modules show only when listed.
  module_bar: [
    { type: 'module', id: 'content', enabled: true },
    { type: 'module', id: 'site', enabled: true },
    { type: 'module', id: 'visual', enabled: false },
    { type: 'module', id: 'users', enabled: true },
    { type: 'module', id: 'files', enabled: true },
    { type: 'module', id: 'insights', enabled: true },
    { type: 'module', id: 'deployments', enabled: false },
    { type: 'link', id: 'docs', enabled: true, name: '$t:documentation', icon: 'help', url: 'https://docs.directus.io' },
    { type: 'module', id: 'settings', enabled: true, locked: true },
  ],
};

export async function applySettings(api: AdminApi): Promise<void> {
  const have = await api.get<Record<string, unknown>>('/settings');
  // The admin app stops a first administrator at a 'project owner' form until one is set: it is the administrator
  // who applies the backend. Set straight in the settings, not through Directus's form, which reports it online.
  const owner = have.project_owner ? {} : { project_owner: (await api.get<{ email: string }>('/users/me?fields=email')).email };
  const want = { ...SETTINGS, ...owner };
  if (!covers(have, want)) await api.patch('/settings', want);
}
