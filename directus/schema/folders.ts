/**
 * The folders of the admin app's navigation: Directus collections without a table (`schema: null`)
 * that others name as their `meta.group`. Every collection an editor sees sits in one; the junctions
 * stay hidden and outside. The apply step creates the folders first and puts each collection in its own.
 */
import type { CollectionDef } from './define.ts';
import { LABEL_LANGUAGE } from './labels.ts';

export interface Folder {
  collection: string;
  name: string;
  icon: string;
  /** Open when an editor first sees the navigation; each editor's own choice is kept by the app. */
  open: boolean;
  /** In the order the folder lists them. */
  members: readonly string[];
}

export const FOLDERS: readonly Folder[] = [
  {
    collection: 'folder_catalogue', name: 'Каталог', icon: 'movie', open: true,
    members: ['titles', 'series', 'iframeSeasons', 'segments', 'soundtracks', 'categories', 'subCategories', 'genres', 'countries', 'tags'],
  },
  { collection: 'folder_people', name: 'Люди', icon: 'person', open: true, members: ['actors', 'favoriteActors'] },
  {
    collection: 'folder_community', name: 'Сообщество', icon: 'forum', open: false,
    members: ['comments', 'reactions', 'posts', 'friendships', 'ratings', 'favorites', 'watchProgress', 'watchedEpisodes', 'alerts',
      // Watching together: administrators alone read these (editors have no permission on them).
      'togetherRooms', 'togetherMembers', 'togetherMessages'],
  },
  { collection: 'folder_chat', name: 'Чат', icon: 'chat', open: false, members: ['messages', 'chats', 'chatReads'] },
  { collection: 'folder_plans', name: 'Подписки', icon: 'workspace_premium', open: false, members: ['plans', 'invoices', 'planChanges', 'planNotices', 'shop'] },
  { collection: 'folder_site', name: 'Сайт', icon: 'web', open: true, members: ['mainBanners', 'updates', 'static', 'supportRequests'] },
];

/** A folder as the apply step creates it: a collection with no table and no fields. */
export function folderCollection(folder: Folder, sort: number): CollectionDef & { schema: null } {
  return {
    collection: folder.collection,
    meta: {
      icon: folder.icon,
      sort,
      collapse: folder.open ? 'open' : 'closed',
      hidden: false,
      translations: [{ language: LABEL_LANGUAGE, translation: folder.name, singular: folder.name, plural: folder.name }],
    },
    schema: null,
    fields: [],
    relations: [],
  };
}

/** A collection's folder and its place there, or null outside every folder. */
export function placeOf(collection: string): { group: string; sort: number } | null {
  for (const folder of FOLDERS) {
    const i = folder.members.indexOf(collection);
    if (i >= 0) return { group: folder.collection, sort: i + 1 };
  }
  return null;
}

/** The collection placed in its folder. */
export function inFolder(def: CollectionDef): CollectionDef {
  const place = placeOf(def.collection);
  return place ? { ...def, meta: { ...def.meta, ...place } } : def;
}
