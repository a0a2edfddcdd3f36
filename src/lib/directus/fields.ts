/**
 * Field lists of every read, one constant per shape. A page asks for
 * what it shows and no more: the card shapes are read for thousands of titles at build time.
 */

export const FILE_FIELDS = ['id', 'title', 'width', 'height', 'type'] as const;

import { PERSON_FIELDS, TITLE_CARD_FIELDS } from '../../../shared/card-fields.ts';

export { PERSON_FIELDS, TITLE_CARD_FIELDS };

/** A part of an episode to skip, on the episode or on its season (an absent one removes the season's). */
export const SEGMENT_FIELDS = ['kind', 'start', 'end', 'absent'] as const;

/** An episode and a season without their segments. */
const EPISODE_OWN_FIELDS = ['id', 'name', 'sort', 'season', 'source', 'iframe', 'video', 'deleted', 'duration'] as const;
const SEASON_OWN_FIELDS = ['id', 'name', 'sort'] as const;

/** An episode as the player takes it; `season` places it in its season, so each is read once. */
export const EPISODE_FIELDS = [...EPISODE_OWN_FIELDS, { segments: SEGMENT_FIELDS }] as const;

/** The title's own source. */
const TITLE_SOURCE_FIELDS = ['typeSource', 'source', 'iframe', 'video'] as const;

/** What the player plays: the title's own source, every episode, and its seasons' names and segments in order. */
export const PLAYER_FIELDS = [
  ...TITLE_SOURCE_FIELDS, { series: EPISODE_FIELDS }, { iframeSeasons: [...SEASON_OWN_FIELDS, { segments: SEGMENT_FIELDS }] },
] as const;

/** A title's own facts, before what the player plays. */
const TITLE_FACT_FIELDS = [
  'id', 'slug', 'name', 'originalName', 'anotherName', 'description', 'poster', 'releaseYear', 'releaseStatus',
  'ageRating', 'views', 'promo', 'countSeasons', 'countEpisodes', 'iframeSeries', 'date_created',
] as const;

/** A title's relations besides its episodes and seasons. */
const TITLE_RELATION_FIELDS = [
  { genres: [{ genres_id: ['id', 'name'] }] },
  { country: ['id', 'name'] },
  { category: ['id', 'name', 'slug'] },
  { subCategory: ['id', 'name', 'slug'] },
  { actors: ['actors_id'] },
  { directors: ['actors_id'] },
  { screenwriters: ['actors_id'] },
  { images: [{ directus_files_id: FILE_FIELDS }] },
  { tags: [{ tags_id: ['id', 'name', 'slug'] }] },
  { relatedTitles: ['related_titles_id'] },
  { soundtracks: ['id', 'name', { soundtracks: [{ directus_files_id: ['id', 'title', 'type', 'duration', 'filename_download'] }] }] },
] as const;

/**
 * A title as the build has it for its page, its cast page and its player: every relation, its
 * people by id only. The build reads every person anyway and puts them in (catalogue.ts), so a
 * person's name is not read again for each title they are in.
 */
export const TITLE_ROW_FIELDS = [...TITLE_FACT_FIELDS, ...PLAYER_FIELDS, ...TITLE_RELATION_FIELDS] as const;

/**
 * A title as the build asks Directus for it: TITLE_ROW_FIELDS but the segments of its episodes and
 * seasons, which the build reads apart (reader.ts). Read nested, they cost Directus about a third of
 * the whole read even where there were none, and named every episode of a call in one query.
 */
export const TITLE_ROW_READ_FIELDS = [
  ...TITLE_FACT_FIELDS,
  ...TITLE_SOURCE_FIELDS, { series: EPISODE_OWN_FIELDS }, { iframeSeasons: SEASON_OWN_FIELDS },
  ...TITLE_RELATION_FIELDS,
] as const;

/** A segment as the build reads it apart: what the player takes, and the episode or season it is on. */
export const SEGMENT_ROW_FIELDS = [...SEGMENT_FIELDS, 'episode', 'season'] as const;

/** The relations of a title that name people (its cast, directors and writers). */
export const CAST_RELATIONS = ['actors', 'directors', 'screenwriters'] as const;

export const ACTOR_FIELDS = [
  'id', 'slug', 'nameRu', 'nameEn', 'avatar', 'biography', 'career', 'dob', 'birthPlace',
  { genres: [{ genres_id: ['id', 'name'] }] },
  { images: [{ directus_files_id: FILE_FIELDS }] },
] as const;

export const CATEGORY_FIELDS = ['id', 'name', 'slug', { subCategories: ['id', 'name', 'slug'] }] as const;
export const GENRE_FIELDS = ['id', 'name', 'image'] as const;
export const COUNTRY_FIELDS = ['id', 'name'] as const;
export const TAG_FIELDS = ['id', 'name', 'slug'] as const;

export const BANNER_FIELDS = ['id', 'title', 'description', 'image', 'priority', 'link'] as const;

export const STATIC_FIELDS = [
  'vk', 'telegram', 'updatesImage', 'privacyPolicyImg', 'privacyPolicyText', 'copyrightImg', 'copyrightText',
  'aboutImg', 'aboutText', 'partnersImg', 'partnersText',
] as const;

export const UPDATE_FIELDS = ['id', 'date_created', 'description', { title: ['id', 'name', 'slug'] }] as const;

export const SHOP_FIELDS = [
  'id', 'type', 'name', 'nameColor', 'nameEffect', 'frameProfile', 'frameMessage', 'backgroundFile',
] as const;

export const PLAN_FIELDS = ['id', 'name', 'price', 'currency', 'features', 'durationDays'] as const;

/** An author as reviews show them: login, avatar, name colour and frame. */
export const AUTHOR_FIELDS = [
  'id', 'login', 'avatar',
  { nameColor: ['id', 'nameColor', 'nameEffect'] },
  { frame: ['id', 'frameMessage', 'frameProfile'] },
] as const;

/** A friendship or a request with its two people, as friends lists and buttons show them. */
export const FRIENDSHIP_FIELDS = ['id', 'status', { requester: AUTHOR_FIELDS }, { addressee: AUTHOR_FIELDS }] as const;

/** A review or reply as the title page draws it: its author, images and reactions. */
export const REVIEW_FIELDS = [
  'id', 'text', 'date_created', 'title', 'deleted',
  { user_created: AUTHOR_FIELDS },
  { images: [{ directus_files_id: FILE_FIELDS }] },
  { reactions: ['id', 'type'] },
] as const;

/** A review with its author, images, reactions and the comment it answers. */
export const COMMENT_FIELDS = [
  ...REVIEW_FIELDS,
  { comment: ['id', 'text', 'date_created', { user_created: AUTHOR_FIELDS }, { reactions: ['id', 'type'] }] },
] as const;

/** A person's decorations as every screen shows them: name colour, frames, wallpaper. */
export const DECORATION_FIELDS = [
  { nameColor: ['id', 'name', 'nameColor', 'nameEffect'] },
  { frame: ['id', 'name', 'frameProfile', 'frameMessage'] },
  { background: ['id', 'name', 'backgroundFile'] },
] as const;

/** The signed-in person's own account: the profile, private fields included, and the role that says the plan. */
export const ME_FIELDS = [
  'id', 'email', 'login', 'first_name', 'last_name', 'dob', 'gender', 'aboutMe', 'avatar', 'role', 'plan', 'paidUntil', 'last_access',
  'keptDecorations', ...DECORATION_FIELDS,
] as const;

/** Another person's public profile. */
export const PROFILE_FIELDS = [
  'id', 'login', 'first_name', 'last_name', 'dob', 'gender', 'aboutMe', 'avatar',
  ...DECORATION_FIELDS,
] as const;

/** A profile post with its author, pictures, reactions and every comment under it (replies carry their parent). */
export const POST_FIELDS = [
  'id', 'text', 'date_created',
  { user_created: AUTHOR_FIELDS },
  { images: [{ directus_files_id: FILE_FIELDS }] },
  { reactions: ['id', 'type'] },
  { comments: COMMENT_FIELDS },
] as const;

/** A list mark of the own profile's lists: the mark and its title as a card. */
export const MARK_FIELDS = ['id', 'type', { title: TITLE_CARD_FIELDS }] as const;

/** A favourite actor of the own profile: the link row and the actor as a card. */
export const FAVORITE_ACTOR_FIELDS = ['id', { actor: PERSON_FIELDS }] as const;

/** A chat message: author, the message it answers (with its author), pictures, and where it was written. */
export const CHAT_MESSAGE_FIELDS = [
  'id', 'text', 'deleted', 'date_created', 'date_updated', 'publicChat', 'privateChat',
  { user_created: AUTHOR_FIELDS },
  { message: ['id', 'text', 'deleted', { user_created: ['id', 'login'] }] },
  { images: [{ directus_files_id: FILE_FIELDS }] },
] as const;
