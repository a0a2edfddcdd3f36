/**
 * A title's reviews as its page reads them, on any client (the page's, or a test's): a page of
 * reviews, newest first, each with its first replies and the ids of every reply it has; the rest of
 * a thread's replies; and how many reviews and replies the title shows. A deleted reply is not read;
 * a deleted review only while replies hang under it ('Комментарий удалён').
 */
import { aggregate, readItems, type ReadItemOutput, type RestCommand } from '@directus/sdk';
import { MAX_READ_ROWS } from '../../../shared/rules.ts';
import { REPLIES_FOLDED_AFTER } from '../constants.ts';
import { COMMENT_FIELDS, REVIEW_FIELDS } from './fields.ts';
import type { Schema } from './schema.ts';
import { send, type SiteClient } from './send.ts';

export type CommentItem = ReadItemOutput<Schema, 'comments', { fields: typeof COMMENT_FIELDS }>;
export type ReviewItem = ReadItemOutput<Schema, 'comments', { fields: typeof REVIEW_FIELDS }>;

/** A review of a page: its first replies, oldest first, and the ids of all its replies. */
export type ReviewPageItem = ReviewItem & { replies: ReviewItem[]; replyIds: { id: number }[] };

/** Where a review stands in the order reviews are shown: by date, then by id. */
export interface ReviewKey { date: string; id: number }

/** Which reviews a page read covers: older than one (the next page), or not older than one (those shown, read again). */
export type ReviewRange = { olderThan?: ReviewKey; notOlderThan?: ReviewKey };

const SHOWN = { deleted: { _eq: false } };
const NEWEST_FIRST = ['-date_created', '-id'] as const;
const OLDEST_FIRST = ['date_created', 'id'] as const;
const WHOLE = { _limit: -1 };

/** Rows past `key` in the date-then-id order: before it (`_lt`) or after it (`_gt`), or at it too. */
function past(key: ReviewKey, op: '_lt' | '_gt', inclusive = false) {
  return { _or: [{ date_created: { [op]: key.date } }, { _and: [{ date_created: { _eq: key.date } }, { id: { [inclusive ? `${op}e` : op]: key.id } }] }] };
}

/** A title's reviews (not its replies) that show: not deleted, or deleted with replies that are not. */
const reviewsOf = (titleId: number) => [
  { title: { _eq: titleId } },
  { comment: { _null: true } },
  { _or: [SHOWN, { replies: { _some: SHOWN } }] },
];

/** Up to `limit` reviews of the title in `range`, newest first. */
export function readReviewPage(client: SiteClient, titleId: number, range: ReviewRange, limit: number): Promise<ReviewPageItem[]> {
  const bounds = [
    ...(range.olderThan ? [past(range.olderThan, '_lt')] : []),
    ...(range.notOlderThan ? [past(range.notOlderThan, '_gt', true)] : []),
  ];
  // `replyIds` reads the replies once more, ids alone, under a name the SDK's types do not know: the command is written out.
  const page: RestCommand<ReviewPageItem[], Schema> = () => ({
    method: 'GET',
    path: '/items/comments',
    params: {
      fields: [...REVIEW_FIELDS, { replies: REVIEW_FIELDS }, 'replyIds.id'],
      alias: { replyIds: 'replies' },
      filter: { _and: [...reviewsOf(titleId), ...bounds] },
      sort: [...NEWEST_FIRST],
      deep: {
        reactions: WHOLE, images: WHOLE,
        replies: { _filter: SHOWN, _sort: [...OLDEST_FIRST], _limit: REPLIES_FOLDED_AFTER, reactions: WHOLE, images: WHOLE },
        replyIds: { _filter: SHOWN, ...WHOLE },
      },
      limit,
    },
  });
  return send(client, page, 'reviews');
}

/** A thread's replies after `after` (from its first when null), oldest first, up to MAX_READ_ROWS. */
export function readReplies(client: SiteClient, threadId: number, after: ReviewKey | null): Promise<ReviewItem[]> {
  return send(client, readItems('comments', {
    fields: [...REVIEW_FIELDS],
    filter: { _and: [{ comment: { _eq: threadId } }, SHOWN, ...(after ? [past(after, '_gt')] : [])] },
    sort: [...OLDEST_FIRST],
    deep: { reactions: WHOLE, images: WHOLE },
    limit: MAX_READ_ROWS,
  }), 'replies') as Promise<ReviewItem[]>;
}

/** How many reviews and replies the title shows (none deleted), and the newest id among them: rows past it came later. */
export async function readReviewCount(client: SiteClient, titleId: number): Promise<{ count: number; upTo: number }> {
  const rows: unknown = await send(client, aggregate('comments', {
    aggregate: { count: '*', max: 'id' },
    query: { filter: { title: { _eq: titleId }, ...SHOWN } },
  }), 'review count');
  const row = (Array.isArray(rows) ? rows[0] : null) as { count?: unknown; max?: { id?: unknown } } | null;
  return { count: Number(row?.count ?? 0), upTo: Number(row?.max?.id ?? 0) };
}
