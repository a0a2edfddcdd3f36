/** Project settings: Russian admin app, open registration into the User role, image presets. */
import { ROLES } from '../../src/lib/constants.ts';
import { AdminApi, covers } from './admin-api.ts';

/** Asset presets sized for the cards and pages that show them (webp, cropped to fit). */
export const ASSET_PRESETS = [
  { key: 'poster', fit: 'cover', width: 300, height: 450, quality: 80, format: 'webp', withoutEnlargement: false },
  { key: 'poster-small', fit: 'cover', width: 150, height: 225, quality: 75, format: 'webp', withoutEnlargement: false },
  { key: 'banner', fit: 'cover', width: 1600, height: 600, quality: 80, format: 'webp', withoutEnlargement: false },
  { key: 'photo', fit: 'inside', width: 800, height: 800, quality: 80, format: 'webp', withoutEnlargement: true },
  { key: 'avatar', fit: 'cover', width: 160, height: 160, quality: 80, format: 'webp', withoutEnlargement: false },
  { key: 'genre', fit: 'cover', width: 320, height: 180, quality: 75, format: 'webp', withoutEnlargement: false },
];

const SETTINGS = {
  project_name: 'Дорамы онлайн',
  project_descriptor: 'Каталог и сообщество',
  default_language: 'ru-RU',
  public_registration: true,
  public_registration_role: ROLES.user,
  public_registration_verify_email: false,
  public_registration_email_filter: null,
  storage_asset_transform: 'presets',
  storage_asset_presets: ASSET_PRESETS,
};

export async function applySettings(api: AdminApi): Promise<void> {
  const have = await api.get<Record<string, unknown>>('/settings');
  if (!covers(have, SETTINGS)) await api.patch('/settings', SETTINGS);
}
