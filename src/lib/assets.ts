/**
 * Addresses of Directus files as the browser reaches them: same origin under /api,
 * through a named preset so every picture arrives as webp at the size its slot needs.
 */
import { ASSET_PRESETS } from '../../shared/asset-presets.ts';

export type AssetPreset = (typeof ASSET_PRESETS)[number]['key'];

export const STUB_POSTER = '/stub-poster.svg';
export const DEFAULT_AVATAR = '/default-avatar.svg';

/** Pixel size of each preset, for width and height attributes (no layout shift). */
export const PRESET_SIZE = Object.fromEntries(
  ASSET_PRESETS.map(({ key, width, height }) => [key, { width, height }]),
) as Record<AssetPreset, { width: number; height: number }>;

export function assetUrl(fileId: string | null | undefined, preset?: AssetPreset): string | null {
  if (!fileId) return null;
  return `/api/assets/${encodeURIComponent(fileId)}${preset ? `?key=${preset}` : ''}`;
}

export function posterUrl(fileId: string | null | undefined, preset: AssetPreset = 'poster'): string {
  return assetUrl(fileId, preset) ?? STUB_POSTER;
}

export function avatarUrl(fileId: string | null | undefined): string {
  return assetUrl(fileId, 'avatar') ?? DEFAULT_AVATAR;
}

/** The addresses of a files relation (a title's frames, an actor's photos), through one preset. */
export function fileListUrls(
  list: readonly ({ directus_files_id?: { id: string } | string | null } | number | null)[] | null | undefined,
  preset: AssetPreset,
): string[] {
  return (list ?? []).flatMap((entry) => {
    const file = typeof entry === 'object' && entry ? entry.directus_files_id : null;
    const url = assetUrl(typeof file === 'object' && file ? file.id : file, preset);
    return url ? [url] : [];
  });
}
