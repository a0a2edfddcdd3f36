/**
 * Who may do what, by role, as data. Every permission is as narrow as the screens
 * allow: visitors read the published catalogue and public profiles; signed-in users act as
 * themselves only; private chats are visible to their two members alone.
 */
import { MEDIA_TYPES, ROLES, USER_IMAGE_TYPES } from '../../shared/rules.ts';
import { titles } from '../schema/collections.ts';

export const PUBLIC_POLICY = 'abf8a154-5b1c-4a46-ac9c-7300570f4f17';
export const POLICY_IDS = {
  member: '5c2e9d10-7b7a-4d0e-8d51-7f0c6a000001',
  premium: '5c2e9d10-7b7a-4d0e-8d51-7f0c6a000002',
  premiumPlus: '5c2e9d10-7b7a-4d0e-8d51-7f0c6a000003',
  editor: '5c2e9d10-7b7a-4d0e-8d51-7f0c6a000004',
  self: '5c2e9d10-7b7a-4d0e-8d51-7f0c6a000005',
} as const;
export const EDITOR_ROLE = '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000004';

export interface PermissionDef {
  collection: string;
  action: 'create' | 'read' | 'update' | 'delete';
  fields: string[];
  permissions?: Record<string, unknown> | null;
  validation?: Record<string, unknown> | null;
  presets?: Record<string, unknown> | null;
}

const ME = '$CURRENT_USER';
const own = { user_created: { _eq: ME } };
const read = (collection: string, fields: string[] = ['*'], permissions: Record<string, unknown> | null = null): PermissionDef =>
  ({ collection, action: 'read', fields, permissions });

/**
 * Fields of another person anyone may see: never email, password, role, plan or tokens, nor when
 * they were last seen (screens get "online" from /site/online and /site/chats).
 */
export const PUBLIC_USER_FIELDS = [
  'id', 'login', 'first_name', 'last_name', 'avatar', 'frame', 'nameColor', 'background',
  'dob', 'gender', 'aboutMe',
];
const OWN_PROFILE_EDITABLE = [
  'first_name', 'last_name', 'email', 'password', 'avatar', 'login', 'dob', 'gender', 'aboutMe',
  'nameColor', 'frame', 'background', 'last_access', 'playerSettings',
];
const FILE_READ_FIELDS = [
  'id', 'title', 'type', 'filename_download', 'filesize', 'width', 'height', 'duration',
  'description', 'focal_point_x', 'focal_point_y', 'uploaded_on', 'modified_on',
];

const published = { status: { _eq: 'published' } };
const notTakenDown = { _or: [{ takenDown: { _eq: false } }, { takenDown: { _null: true } }] };
const liveEpisode = { _and: [{ _or: [{ deleted: { _eq: false } }, { deleted: { _null: true } }] }, notTakenDown] };
const publishedOrNone = { _or: [{ title: { _null: true } }, { title: published }] };
/**
 * A segment plays when confirmed, or when found by listening (proposed) on a title whose editors let
 * found segments apply at once; a rejected one never does.
 */
const appliesAtOnce = { applyFoundSegments: { _eq: true } };
const playable = {
  _or: [
    { state: { _eq: 'confirmed' } },
    { _and: [{ state: { _eq: 'proposed' } }, { _or: [{ episode: { title: appliesAtOnce } }, { season: { title: appliesAtOnce } }] }] },
  ],
};
/** Segments go with what they hang on (a season of a published title, or an episode the reader sees) and play. */
const segmentsOf = (episode: Record<string, unknown>) => ({ _and: [{ _or: [{ season: { title: published } }, { episode }] }, playable] });
/** What the player needs of a segment: never who set it, how sure the finder was, its state or its file. */
const SEGMENT_READ_FIELDS = ['id', 'kind', 'start', 'end', 'absent', 'episode', 'season'];

const inMyChat = { _or: [{ user_created: { _eq: ME } }, { user_invited: { directus_users_id: { _eq: ME } } }] };
const myMessage = { _or: [{ publicChat: { _eq: true } }, { privateChat: inMyChat }] };

/** Files outside private chats: posters, photos, avatars, review, post and public chat pictures, clips and tracks. */
const outsideChats = { chat: { _null: true } };
/** Videos of kept or taken-down episodes and of unpublished titles reach nobody by id; subscribers play kept ones by signed address. */
const notWithheld = { _or: [{ withheld: { _eq: false } }, { withheld: { _null: true } }] };
const publicFile = { _and: [outsideChats, notWithheld, { type: { _in: [...MEDIA_TYPES] } }] };

/** The opening search's state, its reasons, its claim and its asks are the editors' business: every other field of a title is everyone's. */
const TITLE_FIELDS = titles.fields.map((f) => f.field).filter((f) => !['segmentSearch', 'segmentSearchNote', 'segmentSearchSince', 'segmentSearchAsked'].includes(f));

/** The published catalogue and what hangs off it, for everyone; files as `files` allows. */
const catalogue = (files: Record<string, unknown>): PermissionDef[] => [
  read('titles', TITLE_FIELDS, published),
  read('series', ['*'], { _and: [{ title: published }, liveEpisode] }),
  read('iframeSeasons', ['*'], { title: published }),
  read('segments', SEGMENT_READ_FIELDS, segmentsOf({ _and: [{ title: published }, liveEpisode] })),
  read('soundtracks', ['*'], { title: published }),
  read('updates', ['*'], { title: published }),
  ...['categories', 'subCategories', 'genres', 'countries', 'tags', 'actors', 'mainBanners', 'static', 'plans']
    .map((c) => read(c)),
  read('shop', ['*'], published),
  // Junction rows of drafts stay hidden with their titles.
  ...['titles_genres', 'titles_actors', 'titles_directors', 'titles_screenwriters', 'titles_images', 'titles_tags']
    .map((c) => read(c, ['*'], { titles_id: published })),
  // A pin names a draft's id only to editors.
  read('titles_related', ['*'], { _and: [{ titles_id: published }, { related_titles_id: published }] }),
  read('soundtracks_files', ['*'], { soundtracks_id: { title: published } }),
  read('comments_files', ['*'], { comments_id: publishedOrNone }),
  ...['actors_genres', 'actors_images', 'posts_files'].map((c) => read(c)),
  read('directus_files', FILE_READ_FIELDS, files),
  read('comments', ['id', 'text', 'deleted', 'user_created', 'date_created', 'title', 'comment', 'post', 'images', 'reactions', 'replies'], publishedOrNone),
  read('reactions', ['id', 'type', 'comment', 'post', 'date_created'], { _or: [{ comment: { _null: true } }, { comment: publishedOrNone }] }),
  read('posts', ['id', 'text', 'images', 'user_created', 'date_created', 'comments', 'reactions']),
  read('directus_users', PUBLIC_USER_FIELDS, { status: { _eq: 'active' } }),
  { collection: 'supportRequests', action: 'create', fields: ['name', 'email', 'topic', 'message'] },
];

/**
 * Who is friends with whom is public, as far as the friends list on a profile needs: the two
 * people of an accepted friendship. A pending request is its two people's alone.
 */
const FRIENDSHIP_FIELDS = ['id', 'requester', 'addressee', 'status'];
const accepted = { status: { _eq: 'accepted' } };
const myFriendship = { _or: [{ requester: { _eq: ME } }, { addressee: { _eq: ME } }] };

const CATALOGUE = [...catalogue(publicFile), read('friendships', FRIENDSHIP_FIELDS, accepted)];

/** What every signed-in person may do, acting as themselves. */
const MEMBER: PermissionDef[] = [
  // Besides public files, the pictures of their own private chats.
  ...catalogue({ _or: [publicFile, { chat: inMyChat }] }),
  { collection: 'directus_users', action: 'update', fields: OWN_PROFILE_EDITABLE, permissions: { id: { _eq: ME } } },
  {
    collection: 'directus_files', action: 'create',
    // `storage` stays: Directus writes the default into every upload's row; a form naming one is refused (uploads.ts).
    fields: ['title', 'type', 'filename_download', 'storage', 'folder', 'chat'],
    validation: { type: { _in: [...USER_IMAGE_TYPES] } },
  },
  { collection: 'directus_files', action: 'delete', fields: ['*'], permissions: { uploaded_by: { _eq: ME } } },

  read('favorites', ['*'], own),
  { collection: 'favorites', action: 'create', fields: ['type', 'title'] },
  { collection: 'favorites', action: 'delete', fields: ['*'], permissions: own },

  read('ratings', ['*'], own),
  { collection: 'ratings', action: 'create', fields: ['rating', 'title'] },
  { collection: 'ratings', action: 'delete', fields: ['*'], permissions: own },

  read('favoriteActors', ['*'], { user: { _eq: ME } }),
  { collection: 'favoriteActors', action: 'create', fields: ['user', 'actor'], presets: { user: ME }, validation: { user: { _eq: ME } } },
  { collection: 'favoriteActors', action: 'delete', fields: ['*'], permissions: { user: { _eq: ME } } },

  { collection: 'comments', action: 'create', fields: ['text', 'title', 'comment', 'post', 'images'] },
  // Authors edit their reviews and delete them by marking (a review's replies stay, under a tombstone).
  { collection: 'comments', action: 'update', fields: ['text', 'deleted'], permissions: own },
  // Image junctions take `sort` too: Directus writes it for the `{ create: [...] }` shape of attached images.
  { collection: 'comments_files', action: 'create', fields: ['comments_id', 'directus_files_id', 'sort'] },
  { collection: 'reactions', action: 'create', fields: ['type', 'comment', 'post'] },
  // Their own like becomes a dislike or goes (PUT /site/reactions); what it is on never changes.
  { collection: 'reactions', action: 'update', fields: ['type'], permissions: own },
  { collection: 'reactions', action: 'delete', fields: ['*'], permissions: own },
  { collection: 'posts', action: 'create', fields: ['text', 'images'] },
  { collection: 'posts_files', action: 'create', fields: ['posts_id', 'directus_files_id', 'sort'] },
  { collection: 'posts', action: 'delete', fields: ['*'], permissions: own },

  read('chats', ['id', 'user_created', 'user_invited', 'date_created', 'messages'], inMyChat),
  { collection: 'chats', action: 'create', fields: ['user_invited'] },
  read('chats_directus_users', ['*'], { _or: [{ directus_users_id: { _eq: ME } }, { chats_id: { user_created: { _eq: ME } } }] }),
  { collection: 'chats_directus_users', action: 'create', fields: ['chats_id', 'directus_users_id'] },

  read('messages', ['*'], myMessage),
  { collection: 'messages', action: 'create', fields: ['text', 'message', 'images', 'privateChat', 'publicChat'] },
  // Deleting is marking deleted (directus/extensions/site-rules/src/chat.ts).
  { collection: 'messages', action: 'update', fields: ['text', 'deleted'], permissions: own },
  read('messages_files', ['*'], { messages_id: myMessage }),
  // How far they have read their chats: written through POST /site/chats/{id}/read.
  read('chatReads', ['*'], own),
  { collection: 'messages_files', action: 'create', fields: ['messages_id', 'directus_files_id', 'sort'] },

  // Requests and friends (directus/extensions/site-rules/src/friendships.ts): asked as oneself, accepted
  // by the addressee alone, ended (declined, cancelled, removed) by either of the two.
  read('friendships', FRIENDSHIP_FIELDS, { _or: [accepted, myFriendship] }),
  {
    collection: 'friendships', action: 'create', fields: ['requester', 'addressee', 'status', 'pair'],
    presets: { requester: ME, status: 'pending' }, validation: { _and: [{ requester: { _eq: ME } }, { status: { _eq: 'pending' } }] },
  },
  {
    collection: 'friendships', action: 'update', fields: ['status'],
    permissions: { _and: [{ addressee: { _eq: ME } }, { status: { _eq: 'pending' } }] }, validation: { status: { _eq: 'accepted' } },
  },
  { collection: 'friendships', action: 'delete', fields: ['*'], permissions: myFriendship },

  read('invoices', ['id', 'user', 'plan', 'days', 'amount', 'currency', 'status', 'payUrl', 'expiresAt', 'paidAmount', 'payerAmount', 'payerCurrency', 'periodStart', 'periodEnd', 'paidAt', 'refundedAt', 'date_created'], { user: { _eq: ME } }),
  // Reminders that their plan ends: written by the backend, marked read by them.
  read('planNotices', ['id', 'user', 'kind', 'daysLeft', 'plan', 'paidUntil', 'read', 'date_created'], { user: { _eq: ME } }),
  { collection: 'planNotices', action: 'update', fields: ['read'], permissions: { user: { _eq: ME } } },

  // Where they stopped watching: written through PUT /site/progress/{title} (one row per title, atomically).
  read('watchProgress', ['*'], own),
  { collection: 'watchProgress', action: 'delete', fields: ['*'], permissions: own },

  // Episodes they watched: marked by them alone (PUT /site/watched/{episode} or the collection); the title is the backend's.
  read('watchedEpisodes', ['*'], own),
  // `title` is always the episode's: the rules (site-rules/watched.ts) write it over whatever is sent.
  { collection: 'watchedEpisodes', action: 'create', fields: ['episode', 'title'] },
  { collection: 'watchedEpisodes', action: 'delete', fields: ['*'], permissions: own },

  // New episodes of titles they watch or plan to watch: written by the backend, marked read by them.
  read('alerts', ['*'], { user: { _eq: ME } }),
  { collection: 'alerts', action: 'update', fields: ['read'], permissions: { user: { _eq: ME } } },
  { collection: 'alerts', action: 'delete', fields: ['*'], permissions: { user: { _eq: ME } } },
];

/** A person's own account row, with the fields nobody else sees (a separate policy: one rule per collection and action). */
const SELF: PermissionDef[] = [
  // keptDecorations: what a lapsed plan took off, put back by a renewal (directus/extensions/site-payments).
  read('directus_users', [...PUBLIC_USER_FIELDS, 'email', 'plan', 'paidUntil', 'role', 'status', 'last_access', 'keptDecorations', 'playerSettings'], { id: { _eq: ME } }),
];

/** Plan 1 and up: episodes kept for subscribers (never those taken down for a rights holder). */
const PREMIUM: PermissionDef[] = [
  read('series', ['*'], { _and: [{ title: published }, notTakenDown] }),
  read('segments', SEGMENT_READ_FIELDS, segmentsOf({ _and: [{ title: published }, notTakenDown] })),
];

const CONTENT = [
  'titles', 'series', 'iframeSeasons', 'segments', 'soundtracks', 'categories', 'subCategories', 'genres', 'countries', 'tags',
  'actors', 'mainBanners', 'updates', 'static', 'shop', 'titles_genres', 'titles_actors', 'titles_directors',
  'titles_screenwriters', 'titles_images', 'titles_tags', 'titles_related', 'actors_genres', 'actors_images', 'soundtracks_files',
];

/** What an editor says of a file; its contents, type, place, uploader and chat are Directus's and the uploader's. */
const FILE_DETAILS = ['title', 'description', 'tags', 'location', 'folder', 'focal_point_x', 'focal_point_y', 'filename_download'];
/** The catalogue's media, which editors upload: never what a member did (an avatar, a photo, a chat's picture). */
const staffFile = { _or: [{ uploaded_by: { _null: true } }, { uploaded_by: { role: { _nin: Object.values(ROLES) } } }] };
/** The types of the admin app's exports to the file library, which only staff read (MEDIA_TYPES). */
const EXPORT_TYPES = ['text/csv', 'text/csv; charset=utf-8', 'application/json', 'text/xml', 'text/yaml'];

/**
 * Content editors run the catalogue from the admin app and moderate what users write in public.
 * Private chats and their pictures are their two members' alone.
 */
/**
 * What the backend counts of a title and the opening search's state: no editor writes them. A search
 * set by hand to running, from a time ahead, was held for good. (The search text, orders and the
 * rating's average are made by hooks in the very payload an editor saves.)
 */
const TITLE_KEPT = new Set(['views', 'searchOpens', 'segmentSearch', 'segmentSearchNote', 'segmentSearchSince', 'segmentSearchAsked']);
const EDITOR_TITLE_FIELDS = titles.fields.map((f) => f.field).filter((f) => !TITLE_KEPT.has(f));
const editorFields = (collection: string, action: string) => (collection === 'titles' && action !== 'read' && action !== 'delete' ? EDITOR_TITLE_FIELDS : ['*']);

const manualFlow = { trigger: { _eq: 'manual' } };

const EDITOR: PermissionDef[] = [
  ...CONTENT.flatMap((c) => (['create', 'read', 'update', 'delete'] as const).map((action) => ({ collection: c, action, fields: editorFields(c, action) }))),
  read('directus_files', ['*'], outsideChats),
  {
    collection: 'directus_files', action: 'create', fields: [...FILE_DETAILS, 'type', 'storage'],
    // Uploads are held to MEDIA_TYPES by Directus itself (FILES_MIME_TYPE_ALLOW_LIST); exports are written here.
    validation: { type: { _in: [...MEDIA_TYPES, ...EXPORT_TYPES] } },
  },
  { collection: 'directus_files', action: 'update', fields: FILE_DETAILS, permissions: staffFile },
  { collection: 'directus_folders', action: 'read', fields: ['*'] },
  // The buttons of flows run by hand on a record (e.g. «Найти заставки» on a title). The app loads its flows
  // with `operations.*`, refused whole without them; an operation's options may hold addresses and keys,
  // so an editor sees only the ids of those of such flows.
  read('directus_flows', ['id', 'name', 'icon', 'color', 'description', 'status', 'trigger', 'options', 'operations'], manualFlow),
  read('directus_operations', ['id'], { flow: manualFlow }),
  ...['comments', 'posts', 'reactions', 'supportRequests', 'plans', 'invoices', 'planChanges'].map((c) => read(c)),
  read('messages', ['*'], { publicChat: { _eq: true } }),
  // Grants and revocations by hand, with their reason (applied by directus/extensions/site-payments).
  {
    collection: 'planChanges', action: 'create',
    fields: ['user', 'kind', 'plan', 'days', 'reason', 'invoice', 'planBefore', 'planAfter', 'paidUntilBefore', 'paidUntilAfter'],
  },
  ...['comments', 'posts'].map((c) => ({ collection: c, action: 'delete' as const, fields: ['*'] })),
  // A public message is taken down, never rewritten: its text is emptied with it (site-rules: chat.ts).
  {
    collection: 'messages', action: 'update', fields: ['deleted', 'text'], permissions: { publicChat: { _eq: true } },
    validation: { deleted: { _submitted: true, _eq: true } },
  },
  read('directus_users', [...PUBLIC_USER_FIELDS, 'email', 'role', 'status', 'plan', 'paidUntil', 'last_access']),
];

export interface PolicyDef {
  id: string;
  name: string;
  icon: string;
  description: string;
  app_access: boolean;
  admin_access: boolean;
  permissions: PermissionDef[];
}

export const POLICIES: PolicyDef[] = [
  { id: PUBLIC_POLICY, name: '$t:public_label', icon: 'public', description: 'Посетители без входа', app_access: false, admin_access: false, permissions: CATALOGUE },
  { id: POLICY_IDS.member, name: 'Участник', icon: 'person', description: 'Любой вошедший пользователь', app_access: false, admin_access: false, permissions: MEMBER },
  { id: POLICY_IDS.self, name: 'Свой профиль', icon: 'badge', description: 'Чтение своей учётной записи', app_access: false, admin_access: false, permissions: SELF },
  { id: POLICY_IDS.premium, name: 'Премиум', icon: 'workspace_premium', description: 'Тариф 1 и выше', app_access: false, admin_access: false, permissions: PREMIUM },
  { id: POLICY_IDS.premiumPlus, name: 'Премиум+', icon: 'diamond', description: 'Тариф 2: рамки и фон профиля (проверяются правилами)', app_access: false, admin_access: false, permissions: [] },
  { id: POLICY_IDS.editor, name: 'Редактор', icon: 'edit_note', description: 'Ведёт каталог в админке', app_access: true, admin_access: false, permissions: EDITOR },
];

export const ROLE_DEFS = [
  { id: ROLES.user, name: 'Пользователь', icon: 'person', description: 'Зарегистрированный зритель', policies: [POLICY_IDS.member, POLICY_IDS.self] },
  { id: ROLES.premium, name: 'Премиум', icon: 'workspace_premium', description: 'Тариф 1', policies: [POLICY_IDS.member, POLICY_IDS.self, POLICY_IDS.premium] },
  { id: ROLES.premiumPlus, name: 'Премиум+', icon: 'diamond', description: 'Тариф 2', policies: [POLICY_IDS.member, POLICY_IDS.self, POLICY_IDS.premium, POLICY_IDS.premiumPlus] },
  { id: EDITOR_ROLE, name: 'Редактор', icon: 'edit_note', description: 'Редактор каталога', policies: [POLICY_IDS.editor] },
];
