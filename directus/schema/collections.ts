/**
 * The site's data model, its collection and field names as the API exposes them, plus what a
 * real site needs (title status, invoices, normalised search text). Applied by `npm run apply`.
 */
import {
  bigInteger, boolean, choice, dateCreated, dateUpdated, date, decimal, float, html, integer, integerKey, json, m2m, m2o,
  o2m, slug, string, text, timestamp, userCreated, uuidKey, SLUG_INTERFACE,
  type CollectionDef, type FieldDef, type RelationDef,
} from './define.ts';
import {
  AGE_RATINGS, FRIENDSHIP_STATUSES, INVOICE_STATUSES, MARK_TYPES, PLAN_CHANGE_KINDS, REACTION_TYPES, RELEASE_STATUSES, SHOP_TYPES, SOURCES, TITLE_STATUSES, TYPE_SOURCES, GENDERS,
} from '../../shared/rules.ts';
import { LOGIN_LIKENESS_SQL } from '../../shared/login-likeness.ts';
import { SEGMENT_KINDS, SEGMENT_SEARCH_STATES, SEGMENT_SOURCES, SEGMENT_STATES } from '../../shared/segments.ts';
import { CONTROL_MODES, MEMBER_STATES } from '../../shared/together.ts';
import { FORMER_SLUG_COLLECTIONS, FORMER_SLUGS } from '../../shared/former-slugs.ts';

type Part = FieldDef | [FieldDef, RelationDef] | { alias: FieldDef; junction: CollectionDef };

const junctions: CollectionDef[] = [];

/** Flattens helpers' results into one collection, collecting m2m junctions on the side. */
function collection(name: string, meta: Record<string, unknown>, parts: Part[]): CollectionDef {
  const fields: FieldDef[] = [];
  const relations: RelationDef[] = [];
  for (const part of parts) {
    if (Array.isArray(part)) {
      fields.push(part[0]);
      relations.push(part[1]);
    } else if ('alias' in part) {
      fields.push(part.alias);
      junctions.push(part.junction);
    } else {
      fields.push(part);
    }
  }
  return { collection: name, meta: { accountability: 'all', ...meta }, fields, relations };
}

const file = (c: string, f: string, o: Parameters<typeof m2o>[3] = {}) => m2o(c, f, 'directus_files', o);

export const titles = collection('titles', { icon: 'movie', sort_field: null, display_template: '{{name}}', archive_field: 'status', archive_value: 'archived', unarchive_value: 'draft' }, [
  integerKey(),
  choice('status', TITLE_STATUSES, { required: true, default: 'draft', indexed: true, width: 'half' }),
  slug('name', { max: 120, width: 'half', note: 'Адрес страницы: латиница, цифры и дефисы' }),
  string('name', { required: true, max: 255 }),
  string('originalName', { max: 255, width: 'half' }),
  string('anotherName', { max: 255, width: 'half' }),
  text('description'),
  file('titles', 'poster', { kind: 'picture' }),
  integer('releaseYear', { indexed: true, width: 'half' }),
  choice('releaseStatus', RELEASE_STATUSES, { indexed: true, width: 'half' }),
  choice('ageRating', AGE_RATINGS, { max: 8, width: 'half' }),
  integer('views', { default: 0, indexed: true, width: 'half', readonly: true }),
  // Kept by the database (directus/extensions/site-api/src/title-orders.ts) for the lists' orders.
  decimal('ratingAverage', { default: 0, nullable: false, width: 'half', readonly: true }),
  integer('ratingCount', { default: 0, nullable: false, width: 'half', readonly: true }),
  integer('releaseOrder', { default: 0, nullable: false, hidden: true, readonly: true }),
  boolean('promo', { indexed: true, width: 'half' }),
  m2o('titles', 'category', 'categories', { indexed: true, width: 'half' }),
  m2o('titles', 'subCategory', 'subCategories', { width: 'half' }),
  m2o('titles', 'country', 'countries', { width: 'half' }),
  integer('countSeasons', { width: 'half' }),
  integer('countEpisodes', { width: 'half' }),
  m2m('titles', 'genres', 'genres', 'titles_genres'),
  m2m('titles', 'actors', 'actors', 'titles_actors'),
  m2m('titles', 'directors', 'actors', 'titles_directors'),
  m2m('titles', 'screenwriters', 'actors', 'titles_screenwriters'),
  m2m('titles', 'images', 'directus_files', 'titles_images', { kind: 'picture' }),
  m2m('titles', 'tags', 'tags', 'titles_tags'),
  m2m('titles', 'relatedTitles', 'titles', 'titles_related', { rightKey: 'related_titles_id', note: 'Показываются первыми в «Вам может понравиться»' }),
  choice('typeSource', TYPE_SOURCES, { width: 'half' }),
  choice('source', SOURCES, { width: 'half' }),
  string('iframe', { max: 1000, note: 'Адрес плеера для одиночного видео' }),
  file('titles', 'video', { kind: 'video' }),
  string('iframeSeries', { max: 1000, note: 'Адрес плеера со всеми сериями, если он один на сериал' }),
  o2m('series'),
  o2m('iframeSeasons'),
  o2m('soundtracks'),
  o2m('comments'),
  // Openings and endings found by listening to the uploaded episodes (directus/extensions/segment-finder).
  boolean('applyFoundSegments', { default: false, width: 'half' }),
  choice('segmentSearch', SEGMENT_SEARCH_STATES, { readonly: true, width: 'half' }),
  string('segmentSearchNote', { max: 1000, readonly: true }),
  // Which instance runs the search and what it is to search (segment-finder/src/claim.ts): the time of
  // the running search's claim (renewed while it runs) or of the first ask queued, and the seasons asked.
  timestamp('segmentSearchSince', { hidden: true, readonly: true }),
  json('segmentSearchAsked', { hidden: true, readonly: true }),
  text('searchText', { hidden: true, readonly: true, note: 'Заполняется автоматически для поиска' }),
  text('searchNames', { hidden: true, readonly: true, note: 'Заполняется автоматически для поиска' }),
  text('searchBody', { hidden: true, readonly: true, note: 'Заполняется автоматически для поиска' }),
  integer('searchOpens', { default: 0, indexed: true, hidden: true, readonly: true, note: 'Сколько раз дораму открыли из поиска' }),
  dateCreated(),
  dateUpdated({ fromCreation: true }),
]);

export const iframeSeasons = collection('iframeSeasons', { icon: 'video_library', hidden: false, sort_field: 'sort', display_template: '{{name}}' }, [
  integerKey(),
  m2o('iframeSeasons', 'title', 'titles', { required: true, oneField: 'iframeSeasons', sortField: 'sort' }),
  string('name', { required: true, max: 120 }),
  integer('sort', { hidden: true }),
  o2m('series'),
  o2m('segments'),
]);

export const series = collection('series', { icon: 'smart_display', sort_field: 'sort', display_template: '{{name}}' }, [
  integerKey(),
  m2o('series', 'title', 'titles', { required: true, oneField: 'series', sortField: 'sort' }),
  m2o('series', 'season', 'iframeSeasons', { oneField: 'series', onDelete: 'CASCADE', sortField: 'sort' }),
  string('name', { required: true, max: 120 }),
  integer('sort', { hidden: true }),
  choice('source', SOURCES, { width: 'half' }),
  string('iframe', { max: 1000 }),
  file('series', 'video', { kind: 'video' }),
  boolean('deleted', { note: 'Только для подписчиков: серия убрана из бесплатного каталога, Премиум и Премиум+ смотрят её с отметкой, остальные видят её закрытой' }),
  boolean('takenDown', { note: 'Снята по требованию правообладателя: не видна никому, подписчикам тоже' }),
  float('duration', { width: 'half', note: 'Длина серии в секундах; у загруженного видеофайла заполняется сама' }),
  o2m('segments'),
]);

/**
 * Parts of an episode a viewer may skip (shared/segments.ts): set on a season for all its episodes or
 * on one episode, which replaces the season's of its kind or, marked absent, drops it.
 */
export const segments = collection('segments', { icon: 'content_cut', sort_field: null, display_template: '{{kind}} {{start}}–{{end}}' }, [
  integerKey(),
  choice('kind', SEGMENT_KINDS, { required: true, width: 'half' }),
  boolean('absent', { width: 'half' }),
  float('start', { width: 'half' }),
  float('end', { width: 'half' }),
  m2o('segments', 'episode', 'series', { oneField: 'segments', onDelete: 'CASCADE', owned: true, width: 'half' }),
  m2o('segments', 'season', 'iframeSeasons', { oneField: 'segments', onDelete: 'CASCADE', owned: true, width: 'half' }),
  choice('state', SEGMENT_STATES, { default: 'confirmed', nullable: false, indexed: true, width: 'half' }),
  choice('source', SEGMENT_SOURCES, { default: 'editor', nullable: false, readonly: true, width: 'half' }),
  float('confidence', { readonly: true, width: 'half' }),
  file('segments', 'file', { readonly: true, onDelete: 'SET NULL', width: 'half' }),
]);

/** Episodes a person watched to the end or marked by hand: one row per person and episode. */
export const watchedEpisodes = collection('watchedEpisodes', { icon: 'task_alt', sort_field: null }, [
  integerKey(),
  m2o('watchedEpisodes', 'episode', 'series', { required: true, onDelete: 'CASCADE' }),
  // Filled by the backend from the episode, so a person's list of a title is one indexed read.
  m2o('watchedEpisodes', 'title', 'titles', { readonly: true, nullable: false, onDelete: 'CASCADE' }),
  userCreated('watchedEpisodes'),
  dateCreated(),
]);

export const soundtracks = collection('soundtracks', { icon: 'library_music', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, max: 120 }),
  m2o('soundtracks', 'title', 'titles', { required: true, oneField: 'soundtracks' }),
  m2m('soundtracks', 'soundtracks', 'directus_files', 'soundtracks_files', { kind: 'audio' }),
]);

export const categories = collection('categories', { icon: 'category', sort_field: 'sort', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, max: 80 }),
  slug('name', { max: 80 }),
  integer('sort', { hidden: true }),
  o2m('subCategories'),
]);

export const subCategories = collection('subCategories', { icon: 'segment', sort_field: 'sort', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, max: 80 }),
  slug('name', { max: 80 }),
  m2o('subCategories', 'category', 'categories', { required: true, oneField: 'subCategories', sortField: 'sort' }),
  integer('sort', { hidden: true }),
]);

export const genres = collection('genres', { icon: 'theater_comedy', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, unique: true, max: 80 }),
  file('genres', 'image', { kind: 'picture' }),
]);

export const countries = collection('countries', { icon: 'public', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, unique: true, max: 80 }),
]);

export const tags = collection('tags', { icon: 'sell', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, max: 80 }),
  slug('name', { max: 80 }),
]);

export const actors = collection('actors', { icon: 'person', display_template: '{{nameRu}}' }, [
  integerKey(),
  slug('nameRu', { max: 120 }),
  string('nameRu', { required: true, max: 160, width: 'half' }),
  string('nameEn', { max: 160, width: 'half' }),
  file('actors', 'avatar', { kind: 'picture' }),
  text('biography'),
  string('career', { max: 160, width: 'half' }),
  date('dob', { width: 'half' }),
  string('birthPlace', { max: 160, width: 'half' }),
  m2m('actors', 'genres', 'genres', 'actors_genres'),
  m2m('actors', 'images', 'directus_files', 'actors_images', { kind: 'picture' }),
  text('searchNames', { hidden: true, readonly: true, note: 'Заполняется автоматически для поиска' }),
]);

export const mainBanners = collection('mainBanners', { icon: 'view_carousel', sort_field: 'priority', display_template: '{{title}}' }, [
  integerKey(),
  string('title', { required: true, max: 160 }),
  html('description'),
  file('mainBanners', 'image', { kind: 'picture' }),
  integer('priority', { default: 0, indexed: true }),
  string('link', { max: 500 }),
]);

export const favorites = collection('favorites', { icon: 'bookmark', hidden: false }, [
  integerKey(),
  choice('type', MARK_TYPES, { required: true }),
  m2o('favorites', 'title', 'titles', { required: true }),
  userCreated('favorites'),
  dateCreated(),
]);

export const ratings = collection('ratings', { icon: 'star' }, [
  integerKey(),
  integer('rating', { required: true }),
  m2o('ratings', 'title', 'titles', { required: true }),
  userCreated('ratings'),
  dateCreated(),
]);

/** Actor favourites: the junction of a user and an actor (one row per favourite). */
export const favoriteActors = collection('favoriteActors', { icon: 'favorite' }, [
  integerKey(),
  m2o('favoriteActors', 'user', 'directus_users', { required: true, onDelete: 'CASCADE', oneField: 'favoriteActors' }),
  m2o('favoriteActors', 'actor', 'actors', { required: true }),
  dateCreated(),
]);

export const posts = collection('posts', { icon: 'article' }, [
  integerKey(),
  text('text', { required: true }),
  m2m('posts', 'images', 'directus_files', 'posts_files'),
  userCreated('posts'),
  dateCreated(),
  o2m('comments'),
  o2m('reactions'),
]);

export const comments = collection('comments', { icon: 'forum' }, [
  integerKey(),
  text('text', { required: true }),
  m2o('comments', 'title', 'titles', { oneField: 'comments', onDelete: 'CASCADE' }),
  m2o('comments', 'comment', 'comments', { oneField: 'replies', onDelete: 'CASCADE' }),
  m2o('comments', 'post', 'posts', { oneField: 'comments', onDelete: 'CASCADE' }),
  m2m('comments', 'images', 'directus_files', 'comments_files'),
  boolean('deleted', { note: 'Удалён автором: текста больше нет, ответы остаются' }),
  userCreated('comments'),
  dateCreated(),
  o2m('replies'),
  o2m('reactions'),
]);

export const reactions = collection('reactions', { icon: 'thumb_up' }, [
  integerKey(),
  choice('type', REACTION_TYPES, { required: true }),
  m2o('reactions', 'comment', 'comments', { oneField: 'reactions', onDelete: 'CASCADE' }),
  m2o('reactions', 'post', 'posts', { oneField: 'reactions', onDelete: 'CASCADE' }),
  userCreated('reactions'),
  dateCreated(),
]);

export const chats = collection('chats', { icon: 'chat' }, [
  integerKey(),
  userCreated('chats'),
  m2m('chats', 'user_invited', 'directus_users', 'chats_directus_users'),
  dateCreated(),
  o2m('messages'),
]);

export const messages = collection('messages', { icon: 'sms' }, [
  integerKey(),
  text('text'),
  m2o('messages', 'message', 'messages', { onDelete: 'SET NULL' }),
  m2m('messages', 'images', 'directus_files', 'messages_files'),
  boolean('publicChat', { indexed: true, note: 'Сообщение общего чата' }),
  m2o('messages', 'privateChat', 'chats', { oneField: 'messages', onDelete: 'CASCADE' }),
  boolean('deleted', { note: 'Удалено автором или модератором: текста и картинок больше нет' }),
  userCreated('messages'),
  dateCreated(),
  dateUpdated(),
]);

/** How far a member has read a private chat: the messages after it are unread. */
export const chatReads = collection('chatReads', { icon: 'mark_chat_read' }, [
  integerKey(),
  m2o('chatReads', 'chat', 'chats', { required: true, onDelete: 'CASCADE' }),
  timestamp('lastRead', { required: true }),
  userCreated('chatReads'),
]);

/** Where a person stopped in a title: the episode and the second, one row per person per title. */
export const watchProgress = collection('watchProgress', { icon: 'history' }, [
  integerKey(),
  m2o('watchProgress', 'title', 'titles', { required: true, onDelete: 'CASCADE' }),
  m2o('watchProgress', 'episode', 'series', { onDelete: 'SET NULL', note: 'Серия; пусто у фильма' }),
  integer('position', { note: 'Секунда, на которой остановились; пусто у встроенного плеера' }),
  integer('duration', { note: 'Длина серии в секундах, если известна' }),
  userCreated('watchProgress'),
  dateUpdated(),
]);

/** A new episode of a title a person watches or plans to watch; the backend writes them. */
export const alerts = collection('alerts', { icon: 'notifications' }, [
  integerKey(),
  m2o('alerts', 'user', 'directus_users', { required: true, onDelete: 'CASCADE' }),
  m2o('alerts', 'title', 'titles', { required: true, onDelete: 'CASCADE' }),
  m2o('alerts', 'episode', 'series', { onDelete: 'CASCADE' }),
  boolean('read', { indexed: true }),
  dateCreated(),
]);

/**
 * Friends: a request from one person to another, pending until the addressee accepts it. One row
 * per pair whichever way it was asked: `pair` holds the two ids in order, unique (site-rules/friendships.ts).
 */
export const friendships = collection('friendships', { icon: 'group', sort_field: null, display_template: '{{requester.login}} → {{addressee.login}}' }, [
  integerKey(),
  m2o('friendships', 'requester', 'directus_users', { required: true, onDelete: 'CASCADE', width: 'half' }),
  m2o('friendships', 'addressee', 'directus_users', { required: true, onDelete: 'CASCADE', width: 'half' }),
  choice('status', FRIENDSHIP_STATUSES, { required: true, default: 'pending', indexed: true, width: 'half' }),
  string('pair', { required: true, unique: true, max: 80, hidden: true, readonly: true }),
  dateCreated(),
  dateUpdated(),
]);

export const supportRequests = collection('supportRequests', { icon: 'support_agent' }, [
  integerKey(),
  string('name', { required: true, max: 100 }),
  string('email', { required: true, max: 255 }),
  string('topic', { max: 200 }),
  text('message', { required: true }),
  dateCreated(),
]);

export const shop = collection('shop', { icon: 'storefront', display_template: '{{name}}', sort_field: 'sort' }, [
  integerKey(),
  choice('status', ['published', 'draft'], { default: 'published', required: true, width: 'half' }),
  choice('type', SHOP_TYPES, { required: true, width: 'half' }),
  string('name', { required: true, max: 80 }),
  string('nameColor', { max: 200, note: 'Цвет или градиент ника (CSS)' }),
  string('nameEffect', { max: 32 }),
  file('shop', 'frameProfile', { kind: 'picture' }),
  file('shop', 'frameMessage', { kind: 'picture' }),
  file('shop', 'backgroundFile', { kind: 'picture' }),
  integer('sort', { hidden: true }),
]);

export const updates = collection('updates', { icon: 'update', display_template: '{{description}}' }, [
  integerKey(),
  m2o('updates', 'title', 'titles', { required: true }),
  string('description', { required: true, max: 500 }),
  dateCreated(),
]);

export const plans = collection('plans', { icon: 'workspace_premium', display_template: '{{name}}' }, [
  integerKey(),
  string('name', { required: true, max: 80 }),
  decimal('price', { required: true }),
  string('currency', { required: true, max: 8, default: 'RUB' }),
  json('features'),
  string('role', { required: true, max: 36, note: 'Роль, которую даёт тариф' }),
  integer('durationDays', { required: true, default: 30 }),
]);

/** A payment of a plan's period: made and moved by the backend alone (directus/extensions/site-payments). */
export const invoices = collection('invoices', { icon: 'receipt_long', display_template: '{{plan.name}} · {{amount}} {{currency}} · {{status}}', sort_field: null, note: 'Счета за тарифы: создаются и меняются только сайтом и платёжным шлюзом' }, [
  uuidKey(),
  m2o('invoices', 'user', 'directus_users', { required: true, onDelete: 'CASCADE', readonly: true }),
  m2o('invoices', 'plan', 'plans', { required: true, readonly: true }),
  integer('days', { required: true, default: 30, readonly: true, width: 'half', note: 'Дней подписки за этот счёт' }),
  decimal('amount', { required: true, readonly: true, width: 'half' }),
  string('currency', { required: true, max: 8, readonly: true, width: 'half' }),
  choice('status', INVOICE_STATUSES, { required: true, default: 'pending', indexed: true, readonly: true, width: 'half' }),
  string('orderId', { required: true, unique: true, max: 128, readonly: true, note: 'Номер заказа у шлюза' }),
  string('gateway', { required: true, max: 40, readonly: true, width: 'half' }),
  string('gatewayId', { max: 120, indexed: true, readonly: true, width: 'half', note: 'uuid счёта у шлюза' }),
  string('gatewayStatus', { max: 40, readonly: true, width: 'half', note: 'Последний статус у шлюза' }),
  string('payUrl', { max: 1000, readonly: true, note: 'Страница оплаты' }),
  timestamp('expiresAt', { readonly: true, width: 'half' }),
  decimal('paidAmount', { readonly: true, width: 'half', note: 'Оплачено плательщиком' }),
  decimal('payerAmount', { readonly: true, width: 'half', note: 'К оплате в валюте плательщика' }),
  string('payerCurrency', { max: 16, readonly: true, width: 'half' }),
  string('payerAddress', { max: 255, readonly: true, note: 'Кошелёк плательщика' }),
  timestamp('periodStart', { readonly: true, width: 'half' }),
  timestamp('periodEnd', { readonly: true, width: 'half' }),
  timestamp('paidAt', { readonly: true, width: 'half' }),
  timestamp('refundedAt', { readonly: true, width: 'half' }),
  json('history', { readonly: true, interface: 'input-code', options: { language: 'json' }, note: 'Статусы по порядку: когда и откуда узнали' }),
  timestamp('checkedAt', { hidden: true, readonly: true }),
  dateCreated(),
  dateUpdated(),
]);

/** Every change of a person's plan, kept: payments, refunds, the end of a period, and editors' grants and revocations with their reason. */
export const planChanges = collection('planChanges', { icon: 'manage_history', display_template: '{{kind}} · {{user.login}}', sort_field: null, note: 'Изменения подписок. Чтобы выдать или забрать подписку вручную, добавьте запись: grant или revoke, пользователь, для выдачи тариф и дни, и причина' }, [
  integerKey(),
  m2o('planChanges', 'user', 'directus_users', { required: true, onDelete: 'CASCADE' }),
  choice('kind', PLAN_CHANGE_KINDS, { required: true, width: 'half', note: 'Вручную: grant (выдать) или revoke (забрать)' }),
  m2o('planChanges', 'plan', 'plans', { width: 'half', note: 'Для выдачи: какой тариф' }),
  integer('days', { width: 'half', note: 'Для выдачи: сколько дней' }),
  text('reason', { note: 'Причина; обязательна для изменений вручную' }),
  m2o('planChanges', 'invoice', 'invoices', { keyType: 'uuid', readonly: true, onDelete: 'SET NULL' }),
  m2o('planChanges', 'planBefore', 'plans', { readonly: true, width: 'half' }),
  m2o('planChanges', 'planAfter', 'plans', { readonly: true, width: 'half' }),
  timestamp('paidUntilBefore', { readonly: true, width: 'half' }),
  timestamp('paidUntilAfter', { readonly: true, width: 'half' }),
  userCreated('planChanges'),
  dateCreated(),
]);

/** Reminders that a plan ends (7, 3 and 1 days before) and that it has ended; the backend writes them once each. */
export const planNotices = collection('planNotices', { icon: 'notification_important' }, [
  integerKey(),
  m2o('planNotices', 'user', 'directus_users', { required: true, onDelete: 'CASCADE' }),
  choice('kind', ['ending', 'ended'], { required: true }),
  integer('daysLeft'),
  m2o('planNotices', 'plan', 'plans'),
  timestamp('paidUntil', { required: true }),
  boolean('read', { indexed: true }),
  string('noticeKey', { required: true, unique: true, max: 120, hidden: true }),
  dateCreated(),
]);

/**
 * Watching together (directus/extensions/site-together): a room's moment of one title's episode, its
 * members and its chat. Nobody but administrators reads or writes them through the API: every read
 * and write goes through the extension, which checks membership. No alias on users or titles leads here.
 */
export const togetherRooms = collection('togetherRooms', { icon: 'connected_tv', sort_field: null, display_template: '{{title.name}} · {{code}}' }, [
  integerKey(),
  string('code', { required: true, unique: true, max: 22, readonly: true }),
  m2o('togetherRooms', 'title', 'titles', { required: true, onDelete: 'CASCADE', width: 'half' }),
  m2o('togetherRooms', 'episode', 'series', { onDelete: 'SET NULL', width: 'half' }),
  // A leader who deletes their account leaves the room to its earliest member.
  m2o('togetherRooms', 'leader', 'directus_users', { onDelete: 'SET NULL', width: 'half' }),
  choice('control', CONTROL_MODES, { required: true, default: 'all', width: 'half' }),
  boolean('playing', { width: 'half' }),
  float('position', { default: 0, nullable: false, width: 'half' }),
  bigInteger('positionAt', { default: 0, nullable: false, width: 'half' }),
  json('waitingFor', { interface: 'input-code', options: { language: 'json' } }),
  bigInteger('waitingSince', { width: 'half' }),
  // Members the leader chose not to wait for, until the episode changes.
  json('unwaited', { interface: 'input-code', options: { language: 'json' } }),
  integer('version', { default: 0, nullable: false, width: 'half' }),
  bigInteger('emptySince', { indexed: true, width: 'half' }),
  dateCreated(),
]);

export const togetherMembers = collection('togetherMembers', { icon: 'groups', sort_field: null, display_template: '{{user.login}}' }, [
  integerKey(),
  m2o('togetherMembers', 'room', 'togetherRooms', { required: true, onDelete: 'CASCADE', width: 'half' }),
  m2o('togetherMembers', 'user', 'directus_users', { required: true, onDelete: 'CASCADE', width: 'half' }),
  choice('state', MEMBER_STATES, { required: true, default: 'offline', width: 'half' }),
  boolean('removed', { width: 'half' }),
  boolean('left', { width: 'half' }),
  integer('roundTrip', { width: 'half' }),
  bigInteger('seen', { width: 'half' }),
  dateCreated(),
]);

export const togetherMessages = collection('togetherMessages', { icon: 'chat_bubble', sort_field: null, display_template: '{{text}}' }, [
  integerKey(),
  m2o('togetherMessages', 'room', 'togetherRooms', { required: true, onDelete: 'CASCADE', width: 'half' }),
  m2o('togetherMessages', 'user', 'directus_users', { onDelete: 'CASCADE', width: 'half' }),
  choice('kind', ['text', 'event', 'seek'], { required: true, default: 'text', width: 'half' }),
  text('text', { required: true }),
  m2o('togetherMessages', 'replyTo', 'togetherMessages', { onDelete: 'SET NULL', width: 'half' }),
  dateCreated(),
]);

/**
 * The slugs titles, people, categories and tags had before they changed, so their former addresses lead
 * to their pages now (shared/former-slugs.ts). Written by the backend alone (site-rules/former-slugs.ts):
 * one row per collection and former slug, the last row to leave it.
 */
export const formerSlugs = collection(FORMER_SLUGS, { icon: 'alt_route', hidden: true, sort_field: null, display_template: '{{slug}}' }, [
  integerKey(),
  choice('collection', FORMER_SLUG_COLLECTIONS, { required: true, readonly: true, width: 'half' }),
  integer('item', { required: true, readonly: true, width: 'half' }),
  string('slug', { required: true, max: 120, readonly: true }),
]);

/** The longest social link of the static settings (site-rules refuses longer ones on every database). */
export const SOCIAL_LINK_MAX = 500;

export const staticContent = collection('static', { icon: 'settings', singleton: true }, [
  integerKey(),
  string('vk', { max: SOCIAL_LINK_MAX }),
  string('telegram', { max: SOCIAL_LINK_MAX }),
  file('static', 'updatesImage', { kind: 'picture' }),
  file('static', 'privacyPolicyImg', { kind: 'picture' }),
  html('privacyPolicyText'),
  file('static', 'copyrightImg', { kind: 'picture' }),
  html('copyrightText'),
  file('static', 'aboutImg', { kind: 'picture' }),
  html('aboutText'),
  file('static', 'partnersImg', { kind: 'picture' }),
  html('partnersText'),
]);

/** Fields added to Directus's own users collection. */
export const userFields: Part[] = [
  string('login', { max: 32, indexed: true, note: 'Уникален без учёта регистра' }),
  date('dob'),
  choice('gender', GENDERS),
  text('aboutMe'),
  m2o('directus_users', 'nameColor', 'shop'),
  m2o('directus_users', 'frame', 'shop'),
  m2o('directus_users', 'background', 'shop'),
  m2o('directus_users', 'plan', 'plans', { readonly: true }),
  timestamp('paidUntil', { readonly: true }),
  json('keptDecorations', { hidden: true, readonly: true, interface: 'input-code', note: 'Украшения, снятые окончанием подписки: вернутся с продлением' }),
  json('playerSettings', { hidden: true, interface: 'input-code', options: { language: 'json' }, note: 'Настройки плеера зрителя: пропуск отрезков, автопереход, скорость, громкость' }),
  o2m('favoriteActors'),
];

/** Every collection in creation order: a target exists before a field points at it. */
export const COLLECTIONS: CollectionDef[] = [
  categories, subCategories, genres, countries, tags, actors, plans, shop,
  titles, iframeSeasons, series, soundtracks, mainBanners, updates,
  favorites, ratings, favoriteActors, posts, comments, reactions, chats, messages,
  chatReads, watchProgress, alerts, friendships, supportRequests, invoices, planChanges, planNotices, staticContent,
  // The player's data: segments to skip and episodes watched.
  segments, watchedEpisodes,
  togetherRooms, togetherMembers, togetherMessages,
  formerSlugs,
  ...junctions,
];

/** Collections with a slug: the field it is made from when left empty (site-rules/slugs.ts) and its longest length. */
export const SLUG_SOURCES: Readonly<Record<string, { from: string; max: number }>> = Object.fromEntries(COLLECTIONS.flatMap((c) => c.fields
  .filter((f) => f.meta.interface === SLUG_INTERFACE)
  .map((f) => [c.collection, { from: (f.meta.options as { from: string }).from, max: f.schema?.max_length as number }] as const)));

export const USER_EXTENSION = collection('directus_users', {}, userFields);

/**
 * A private chat's pictures name their chat: its two members alone may read them. A video withheld
 * (an episode's kept for subscribers or taken down, a title's not published) reaches nobody by its id
 * (access/policies.ts); the backend keeps the mark (site-rules: withheld-videos.ts). A picture made
 * an avatar is marked when it moves, so a plan's end can take it off whatever its type.
 */
export const FILE_EXTENSION = collection('directus_files', {}, [
  m2o('directus_files', 'chat', 'chats', { hidden: true, onDelete: 'CASCADE', note: 'Личный чат, к которому приложена картинка' }),
  boolean('withheld', { hidden: true, readonly: true }),
  boolean('animated', { hidden: true, readonly: true }),
]);

/** Fields this model adds to Directus's own collections. */
export const SYSTEM_EXTENSIONS = [USER_EXTENSION, FILE_EXTENSION];

/**
 * Indexes Directus's field options cannot express: uniqueness across two or three columns
 * (the atomic guard behind "one per user per title") and case-blind, look-alike-blind uniqueness of logins.
 */
export const COMPOSITE_INDEXES = [
  { name: 'ratings_user_title_unique', table: 'ratings', columns: ['user_created', 'title'], unique: true },
  { name: 'favorites_user_title_type_unique', table: 'favorites', columns: ['user_created', 'title', 'type'], unique: true },
  { name: 'favorite_actors_user_actor_unique', table: 'favoriteActors', columns: ['user', 'actor'], unique: true },
  { name: 'reactions_user_comment_unique', table: 'reactions', columns: ['user_created', 'comment'], unique: true },
  { name: 'reactions_user_post_unique', table: 'reactions', columns: ['user_created', 'post'], unique: true },
  { name: 'chat_reads_user_chat_unique', table: 'chatReads', columns: ['user_created', 'chat'], unique: true },
  { name: 'messages_chat_date', table: 'messages', columns: ['privateChat', 'date_created'], unique: false },
  { name: 'watch_progress_user_title_unique', table: 'watchProgress', columns: ['user_created', 'title'], unique: true },
  { name: 'alerts_user_episode_unique', table: 'alerts', columns: ['user', 'episode'], unique: true },
  { name: 'watched_episodes_user_episode_unique', table: 'watchedEpisodes', columns: ['user_created', 'episode'], unique: true },
  { name: 'watched_episodes_user_title', table: 'watchedEpisodes', columns: ['user_created', 'title'], unique: false },
  { name: 'users_login_lower_unique', table: 'directus_users', columns: ['lower(login)'], unique: true },
  // A login that reads like a taken one is taken too (shared/login-likeness.ts). Unique, so two
  // registrations at once cannot both pass the lookup it serves.
  { name: 'users_login_likeness_unique', table: 'directus_users', columns: [LOGIN_LIKENESS_SQL], unique: true },
  { name: 'titles_category_views', table: 'titles', columns: ['category', 'views'], unique: false },
  // 'Часто ищут:': the published titles opened from search most, and the most viewed, without a sort of them all.
  { name: 'titles_status_search_opens', table: 'titles', columns: ['status', 'searchOpens'], unique: false },
  { name: 'titles_status_views', table: 'titles', columns: ['status', 'views'], unique: false },
  // Search reads people in name order, as many as it needs, before asking the trigram index (site-search/src/ranked.ts).
  { name: 'actors_name_ru', table: 'actors', columns: ['nameRu', 'id'], unique: false },
  { name: 'titles_category_date', table: 'titles', columns: ['category', 'date_created'], unique: false },
  // 'Новинки' (newest by release) and the filter screen's «По рейтингу».
  { name: 'titles_category_release', table: 'titles', columns: ['category', 'releaseOrder', 'date_created'], unique: false },
  { name: 'titles_category_rating', table: 'titles', columns: ['category', 'ratingAverage', 'ratingCount'], unique: false },
  { name: 'messages_public_date', table: 'messages', columns: ['publicChat', 'date_created'], unique: false },
  { name: 'users_last_access', table: 'directus_users', columns: ['last_access'], unique: false },
  // One grant and one refund per invoice, whatever reaches the backend twice.
  { name: 'plan_changes_invoice_kind_unique', table: 'planChanges', columns: ['invoice', 'kind'], unique: true },
  { name: 'friendships_addressee_status', table: 'friendships', columns: ['addressee', 'status'], unique: false },
  { name: 'friendships_requester_status', table: 'friendships', columns: ['requester', 'status'], unique: false },
  { name: 'invoices_user_date', table: 'invoices', columns: ['user', 'date_created'], unique: false },
  { name: 'together_members_room_user_unique', table: 'togetherMembers', columns: ['room', 'user'], unique: true },
  { name: 'together_messages_room_id', table: 'togetherMessages', columns: ['room', 'id'], unique: false },
  { name: 'users_role_paid_until', table: 'directus_users', columns: ['role', 'paidUntil'], unique: false },
  // A former address leads to one row: the last to leave it.
  { name: 'former_slugs_collection_slug_unique', table: 'formerSlugs', columns: ['collection', 'slug'], unique: true },
  { name: 'former_slugs_collection_item', table: 'formerSlugs', columns: ['collection', 'item'], unique: false },
] as const;

/** Indexes one of COMPOSITE_INDEXES took the place of: dropped where a database still has them. */
export const RETIRED_INDEXES = ['users_login_likeness'] as const;
