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

type FileList = readonly ({ directus_files_id?: { id: string } | string | null } | number | null)[] | null | undefined;

/** The file ids of a files relation (a title's frames, an actor's photos), read as objects or as ids. */
export function fileListIds(list: FileList): string[] {
  return (list ?? []).flatMap((entry) => {
    const file = typeof entry === 'object' && entry ? entry.directus_files_id : null;
    const id = typeof file === 'object' && file ? file.id : file;
    return id ? [id] : [];
  });
}

/** The addresses of a files relation, through one preset. */
export function fileListUrls(list: FileList, preset: AssetPreset): string[] {
  return fileListIds(list).map((id) => assetUrl(id, preset)!);
}

/** One file at several presets as a srcset, each named by its width: the browser takes what the screen needs. */
export function assetSrcset(fileId: string, presets: readonly AssetPreset[]): string {
  return presets.map((preset) => `${assetUrl(fileId, preset)} ${PRESET_SIZE[preset].width}w`).join(', ');
}
