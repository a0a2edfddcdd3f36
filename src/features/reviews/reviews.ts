/**
 * Reviews as the title page shows them: top-level reviews newest first, each with its replies
 * oldest first, reaction counts, and the author as a profile link would show them. A review its
 * author deleted stays only while replies hang under it, as 'Комментарий удалён' (nobody's name,
 * no text, no reactions); a deleted reply, or a deleted review nobody answered, is not shown.
 */
import { personView, type PersonSource, type PersonView } from '../../lib/people.ts';

interface Reaction { id?: number; type?: string | null }
export interface CommentSource {
  id: number;
  text: string;
  date_created?: string | null;
  user_created?: PersonSource | string | null;
  reactions?: (Reaction | number)[] | null;
  comment?: { id: number } | number | null;
  deleted?: boolean | null;
  /**
   * A review's replies that were not deleted when it was last read, loaded or not (the page reads
   * the first few of a thread): what its thread counts. Absent, the replies at hand are all.
   */
  replyIds?: number[] | null;
}

export interface ReviewView {
  id: number;
  text: string;
  date: string;
  author: PersonView;
  likes: number;
  dislikes: number;
  /** The replies at hand, oldest first. */
  replies: ReviewView[];
  /** How many replies the thread has, those not loaded yet too. */
  replyCount: number;
  /** Deleted by its author: shown only as the place its replies answer. */
  deleted: boolean;
}

/** What a deleted review with replies shows in place of its text. */
export const DELETED_REVIEW = 'Комментарий удалён';

/** One formatter per zone: making one is far dearer than formatting with it. */
const formats = new Map<string | undefined, Intl.DateTimeFormat>();

/** dd.mm.yyyy, hh:mm in the given zone (the reader's own in the browser). */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone });
    formats.set(timeZone, format);
  }
  return format.format(d);
}

function view(c: CommentSource, timeZone?: string): ReviewView {
  let likes = 0;
  let dislikes = 0;
  for (const r of c.reactions ?? []) {
    if (typeof r !== 'object' || r === null) continue;
    if (r.type === 'like') likes++;
    else if (r.type === 'dislike') dislikes++;
  }
  return {
    id: c.id,
    text: c.text,
    date: formatDateTime(c.date_created, timeZone),
    author: personView(c.user_created, 'message'),
    likes,
    dislikes,
    replies: [],
    replyCount: 0,
    deleted: Boolean(c.deleted),
  };
}

/** The review a reply answers; null for a review. */
export const parentId = (c: CommentSource): number | null => (typeof c.comment === 'object' && c.comment ? c.comment.id : c.comment ?? null);
const time = (c: CommentSource) => (c.date_created ? Date.parse(c.date_created) : 0);

/** How many replies a thread has: those read with it (`replyIds`) and those come since, less the ones known deleted. */
function replyCount(review: CommentSource, replies: CommentSource[], deleted: ReadonlySet<number> | undefined): number {
  if (!review.replyIds) return replies.length;
  const ids = new Set(review.replyIds);
  for (const r of replies) ids.add(r.id);
  if (deleted) for (const id of deleted) ids.delete(id);
  return ids.size;
}

/**
 * The threads, newest review first, each with its replies oldest first: one pass groups the rows by
 * the review they answer (a title's reviews are thousands of rows, re-grouped at every live change).
 */
export function reviewThreads(comments: CommentSource[], timeZone?: string): ReviewView[] {
  const top: CommentSource[] = [];
  const replies = new Map<number, CommentSource[]>();
  const deletedReplies = new Map<number, Set<number>>();
  for (const c of comments) {
    const parent = parentId(c);
    if (parent === null) top.push(c);
    else if (c.deleted) (deletedReplies.get(parent) ?? deletedReplies.set(parent, new Set()).get(parent)!).add(c.id);
    else (replies.get(parent) ?? replies.set(parent, []).get(parent)!).push(c);
  }
  top.sort((a, b) => time(b) - time(a) || b.id - a.id);
  const threads: ReviewView[] = [];
  for (const c of top) {
    const answers = (replies.get(c.id) ?? []).sort((a, b) => time(a) - time(b) || a.id - b.id);
    const count = replyCount(c, answers, deletedReplies.get(c.id));
    if (c.deleted && count === 0) continue;
    threads.push({ ...view(c, timeZone), replies: answers.map((r) => view(r, timeZone)), replyCount: count });
  }
  return threads;
}

/**
 * What the backend counted of a title's reviews and replies that show (not deleted), the newest id
 * among them, and when it was asked.
 */
export interface Tally { count: number; upTo: number; askedAt: number }

/**
 * How many reviews and replies the title shows now: the tally, and the rows at hand that came after
 * it (not deleted), less the ones it counted that were heard deleted after it was asked (`gone`: id →
 * when heard). A deleted review kept for its replies is not one.
 */
export function shownCount(rows: CommentSource[], tally: Tally, gone: ReadonlyMap<number, number>): number {
  let count = tally.count;
  for (const r of rows) if (r.id > tally.upTo && !r.deleted) count++;
  for (const [id, at] of gone) if (id <= tally.upTo && at >= tally.askedAt) count--;
  return Math.max(0, count);
}
