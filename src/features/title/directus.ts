/**
 * The title feature's calls for signed-in people. Their rating of a title: read, and set or
 * replaced in one backend operation (PUT /site/rating/{titleId}), which answers the person's rating
 * with the new average and count; a subscriber's kept episodes; where they stopped watching.
 */
import { customEndpoint, readItems, type ReadItemOutput, type RestCommand } from '@directus/sdk';
import { pageClient } from '../../lib/directus/client.ts';
import { send, type RatingSummary, readCommentCounts, type TitleCard } from '../../lib/directus/queries.ts';
import { EPISODE_FIELDS } from '../../lib/directus/fields.ts';
import type { SavedProgress } from './player.ts';
import { CONTINUE_FIELDS, EPISODES_DEEP, PROGRESS_FIELDS } from '../../lib/directus/signed-in-fields.ts';
import type { Schema, Series, WatchProgress } from '../../lib/directus/schema.ts';
import { wholeLists } from '../../lib/directus/whole-lists.ts';
import { MAX_READ_ROWS } from '../../../shared/rules.ts';

export type RatingAnswer = RatingSummary & { mine: number };

/** The person's own rating of the title (1 to 5), or null when they have not rated it. */
export async function readMyRating(titleId: number): Promise<number | null> {
  const rows = await send(pageClient(), readItems('ratings', {
    fields: ['rating'],
    filter: { _and: [{ user_created: { _eq: '$CURRENT_USER' } }, { title: { _eq: titleId } }] },
    limit: 1,
  }), 'own rating');
  return rows[0]?.rating ?? null;
}

/** Sets or replaces the rating; a value outside 1–5 is refused with the backend's reason. */
export function rateTitle(titleId: number, rating: number): Promise<RatingAnswer> {
  return send(pageClient(), customEndpoint<RatingAnswer>({ path: `/site/rating/${titleId}`, method: 'PUT', body: JSON.stringify({ rating }) }), 'rating');
}

/*
 * Episodes of a title kept for subscribers, with their sources: the backend answers those to
 * Premium and Premium+ people alone (anyone else reads their names only). Signed-in code only.
 */

export function readKeptEpisodes(titleId: number) {
  return send(pageClient(), readItems('series', {
    fields: EPISODE_FIELDS, filter: { _and: [{ title: { _eq: titleId } }, { deleted: { _eq: true } }] }, sort: ['sort', 'id'], limit: MAX_READ_ROWS,
    deep: wholeLists<Series>(EPISODE_FIELDS),
  }), 'kept episodes');
}

/** A kept episode's uploaded video, at a signed address under /api: a video element sends no token. */
export interface KeptVideo { episode: number; src: string }

export function readKeptVideos(titleId: number) {
  return send(pageClient(), customEndpoint<KeptVideo[]>({ path: `/site/kept-videos/${titleId}` }), 'kept videos');
}

/*
 * Where the signed-in person stopped watching (watchProgress, their own rows only): one title's
 * place for its player, the titles of the 'Продолжить просмотр' row, and saving a place through
 * PUT /site/progress/{titleId}, which writes the one row per title in one statement.
 */

const ME = '$CURRENT_USER';

type ContinueRow = ReadItemOutput<Schema, 'watchProgress', { fields: typeof CONTINUE_FIELDS }>;
type ProgressRow = ReadItemOutput<Schema, 'watchProgress', { fields: typeof PROGRESS_FIELDS }>;

/** The person's place in a title, and the title's episodes as the account reads them now. */
export interface TitleProgressRead {
  saved: SavedProgress;
  title: Extract<ProgressRow['title'], object> | null;
}
type ContinueTitle = Extract<ContinueRow['title'], object>;

/** A title in progress: its card, its episodes, and the saved place. */
export interface TitleInProgress {
  title: ContinueTitle & TitleCard;
  saved: SavedProgress;
}

/**
 * The person's place in one title, or null when they have not watched it. The filter names the
 * person: editors may read everyone's rows.
 */
export async function readProgress(titleId: number): Promise<TitleProgressRead | null> {
  const rows = await send(pageClient(), readItems('watchProgress', {
    fields: PROGRESS_FIELDS,
    filter: { _and: [{ title: { _eq: titleId } }, { user_created: { _eq: ME } }] },
    deep: wholeLists<WatchProgress>(PROGRESS_FIELDS, { title: EPISODES_DEEP }),
    limit: 1,
  }), 'watching progress') as ProgressRow[];
  const row = rows[0];
  if (!row) return null;
  return {
    saved: { episode: row.episode, position: row.position, duration: row.duration },
    title: row.title && typeof row.title === 'object' ? row.title : null,
  };
}

/** The titles the person watched last, newest first, with their episodes and review counts. */
export async function readTitlesInProgress(limit: number): Promise<TitleInProgress[]> {
  const client = pageClient();
  const rows = await send(client, readItems('watchProgress', {
    fields: CONTINUE_FIELDS,
    filter: { user_created: { _eq: ME } },
    deep: wholeLists<WatchProgress>(CONTINUE_FIELDS, { title: EPISODES_DEEP }),
    sort: ['-date_updated', '-id'],
    limit,
  }), 'titles in progress') as ContinueRow[];
  const withTitle = rows.flatMap((row) => (row.title && typeof row.title === 'object' ? [{ row, title: row.title }] : []));
  const comments = await readCommentCounts(client, withTitle.map((x) => x.title.id));
  return withTitle.map(({ row, title }) => ({
    title: { ...title, comments_count: comments.get(title.id) ?? 0 },
    saved: { episode: row.episode, position: row.position, duration: row.duration },
  }));
}

/**
 * Saves the person's place. `leaving`: the page is going away, so the request is sent with
 * keepalive and outlives it.
 */
export async function saveProgress(titleId: number, place: SavedProgress, o: { leaving?: boolean } = {}): Promise<void> {
  const command = customEndpoint<unknown>({ path: `/site/progress/${titleId}`, method: 'PUT', body: JSON.stringify(place) });
  const sent: RestCommand<unknown, Schema> = o.leaving
    ? () => ({ ...command(), onRequest: (init: RequestInit) => ({ ...init, keepalive: true }) })
    : command;
  await send(pageClient(), sent, 'watching progress save');
}
