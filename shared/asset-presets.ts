/**
 * Directus asset presets sized for the cards and pages that show them (webp): the backend's
 * settings declare them (directus/apply) and the site's addresses name them (src/lib/assets.ts).
 */
export const ASSET_PRESETS = [
  { key: 'poster', fit: 'cover', width: 300, height: 450, quality: 80, format: 'webp', withoutEnlargement: false },
  { key: 'poster-small', fit: 'cover', width: 150, height: 225, quality: 75, format: 'webp', withoutEnlargement: false },
  { key: 'banner', fit: 'cover', width: 1600, height: 600, quality: 80, format: 'webp', withoutEnlargement: false },
  // The same frame for a phone: a quarter of the pixels.
  { key: 'banner-small', fit: 'cover', width: 800, height: 300, quality: 80, format: 'webp', withoutEnlargement: false },
  { key: 'photo', fit: 'inside', width: 800, height: 800, quality: 80, format: 'webp', withoutEnlargement: true },
  { key: 'avatar', fit: 'cover', width: 160, height: 160, quality: 80, format: 'webp', withoutEnlargement: false },
  { key: 'genre', fit: 'cover', width: 320, height: 180, quality: 75, format: 'webp', withoutEnlargement: false },
] as const;
