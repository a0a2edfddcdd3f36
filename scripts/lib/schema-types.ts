/**
 * Writes the site's Directus schema type from the backend's data model (directus/schema), so the
 * two cannot drift: `npm run types` regenerates src/lib/directus/schema.ts, and a unit test fails
 * when the committed file differs from what the model gives.
 */
import { COLLECTIONS, SYSTEM_EXTENSIONS } from '../../directus/schema/collections.ts';
import type { CollectionDef, FieldDef, RelationDef } from '../../directus/schema/define.ts';
import { PUBLIC_USER_FIELDS } from '../../directus/access/policies.ts';

/** Type names of the collections, as the site's code reads best. */
const NAMES: Record<string, string> = {
  titles: 'Title', categories: 'Category', subCategories: 'SubCategory', genres: 'Genre', countries: 'Country', tags: 'Tag',
  actors: 'Actor', plans: 'Plan', shop: 'ShopItem', series: 'Series', iframeSeasons: 'IframeSeason', soundtracks: 'Soundtrack',
  mainBanners: 'MainBanner', updates: 'Update', favorites: 'Favorite', ratings: 'Rating', favoriteActors: 'FavoriteActor',
  posts: 'Post', comments: 'Comment', reactions: 'ReactionRow', chats: 'Chat', messages: 'Message',
  supportRequests: 'SupportRequest', invoices: 'Invoice', planChanges: 'PlanChange', planNotices: 'PlanNotice', static: 'StaticContent', watchProgress: 'WatchProgress', alerts: 'Alert', chatReads: 'ChatRead', friendships: 'Friendship',
  segments: 'SegmentRow', watchedEpisodes: 'WatchedEpisode',
  togetherRooms: 'TogetherRoom', togetherMembers: 'TogetherMember', togetherMessages: 'TogetherMessage', formerSlugs: 'FormerSlugRow',
  titles_genres: 'TitleGenre', titles_actors: 'TitleActor', titles_directors: 'TitleDirector', titles_screenwriters: 'TitleScreenwriter',
  titles_images: 'TitleImage', titles_tags: 'TitleTag', titles_related: 'TitleRelated', actors_genres: 'ActorGenre', actors_images: 'ActorImage',
  soundtracks_files: 'SoundtrackFile', comments_files: 'CommentFile', posts_files: 'PostFile', messages_files: 'MessageFile',
  chats_directus_users: 'ChatMember', directus_users: 'User', directus_files: 'SiteFile',
};

/** Directus's own fields of its system collections that the site reads (the model adds the rest). */
const SYSTEM_FIELDS: Record<string, [string, string][]> = {
  directus_users: [
    ['id', 'string'], ['email', 'string | null'], ['first_name', 'string | null'], ['last_name', 'string | null'],
    ['avatar', 'string | SiteFile | null'], ['role', 'string | null'], ['status', 'string'], ['last_access', 'string | null'],
  ],
  directus_files: [
    ['id', 'string'], ['title', 'string | null'], ['type', 'string | null'], ['filename_download', 'string'],
    ['filesize', 'number | string | null'], ['width', 'number | null'], ['height', 'number | null'], ['duration', 'number | null'],
    ['description', 'string | null'], ['focal_point_x', 'number | null'], ['focal_point_y', 'number | null'],
    ['uploaded_on', 'string | null'], ['modified_on', 'string | null'], ['uploaded_by', 'string | User | null'],
  ],
};

const KEY_TYPES: Record<string, string> = { directus_users: 'string', directus_files: 'string', invoices: 'string' };

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const nameOf = (collection: string): string => {
  const name = NAMES[collection];
  if (!name) throw new Error(`No type name for collection ${collection}: add it to NAMES in scripts/lib/schema-types.ts`);
  return name;
};
const keyOf = (collection: string) => KEY_TYPES[collection] ?? 'number';

function scalar(f: FieldDef): string {
  const choices = (f.meta.options as { choices?: { value: string }[] } | undefined)?.choices;
  if (choices) return choices.map((c) => quote(c.value)).join(' | ');
  switch (f.type) {
    case 'integer': case 'float': return 'number';
    case 'decimal': case 'bigInteger': return 'number | string';
    case 'boolean': return 'boolean';
    case 'json': return f.meta.interface === 'tags' ? 'string[]' : 'unknown';
    case 'uuid': case 'string': case 'text': case 'date': case 'timestamp': return 'string';
    default: throw new Error(`No TypeScript type for Directus type ${f.type} (${f.field})`);
  }
}

function fieldType(def: CollectionDef, f: FieldDef, relations: RelationDef[]): string {
  const own = relations.find((r) => r.collection === def.collection && r.field === f.field && r.related_collection);
  if (own) {
    const target = own.related_collection!;
    return `${keyOf(target)} | ${nameOf(target)}${f.schema?.is_nullable === false ? '' : ' | null'}`;
  }
  if (f.type === 'alias') {
    const child = relations.find((r) => r.related_collection === def.collection && r.meta.one_field === f.field);
    if (!child) throw new Error(`No relation behind ${def.collection}.${f.field}`);
    return `${keyOf(child.collection)}[] | ${nameOf(child.collection)}[]`;
  }
  const nullable = !(f.schema?.is_primary_key) && f.schema?.is_nullable !== false;
  return `${scalar(f)}${nullable ? ' | null' : ''}`;
}

function interfaceOf(def: CollectionDef, relations: RelationDef[], extra: [string, string][] = []): string {
  const lines = [...extra, ...def.fields.map((f): [string, string] => [f.field, fieldType(def, f, relations)])]
    .map(([field, type]) => `  ${field}: ${type};`);
  return `export interface ${nameOf(def.collection)} {\n${lines.join('\n')}\n}`;
}

export function schemaTypes(): string {
  const defs = [...COLLECTIONS, ...SYSTEM_EXTENSIONS];
  const relations = defs.flatMap((d) => d.relations);
  const interfaces = [
    ...COLLECTIONS.map((def) => interfaceOf(def, relations)),
    ...SYSTEM_EXTENSIONS.map((def) => interfaceOf(def, relations, SYSTEM_FIELDS[def.collection])),
  ];
  const schema = defs.map((d) => `  ${d.collection}: ${nameOf(d.collection)}${d.meta.singleton ? '' : '[]'};`);
  return [
    '/**',
    ' * The schema of the backend as `@directus/sdk` reads it: one interface per collection and the',
    ' * `Schema` of collection name to items. Generated by `npm run types` from directus/schema; do not edit.',
    ' * A relation is `key | Item` (a to-many one `key[] | Item[]`): what a row holds depends on the fields read.',
    ' */',
    '',
    ...interfaces.flatMap((i) => [i, '']),
    '/** What anyone may read of another person (the public profile of directus/access/policies.ts). */',
    `export type PublicUser = Pick<User, ${PUBLIC_USER_FIELDS.map(quote).join(' | ')}>;`,
    '',
    'export interface Schema {',
    ...schema,
    '}',
    '',
  ].join('\n');
}
