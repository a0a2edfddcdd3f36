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
}

export interface ReviewView {
  id: number;
  text: string;
  date: string;
  author: PersonView;
  likes: number;
  dislikes: number;
  replies: ReviewView[];
  /** Deleted by its author: shown only as the place its replies answer. */
  deleted: boolean;
}

/** What a deleted review with replies shows in place of its text. */
export const DELETED_REVIEW = 'Комментарий удалён';

/** dd.mm.yyyy, hh:mm in the given zone (the reader's own in the browser). */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone }).format(d);
}

function view(c: CommentSource, timeZone?: string): ReviewView {
  const reactions = (c.reactions ?? []).filter((r): r is Reaction => typeof r === 'object' && r !== null);
  return {
    id: c.id,
    text: c.text,
    date: formatDateTime(c.date_created, timeZone),
    author: personView(c.user_created, 'message'),
    likes: reactions.filter((r) => r.type === 'like').length,
    dislikes: reactions.filter((r) => r.type === 'dislike').length,
    replies: [],
    deleted: Boolean(c.deleted),
  };
}

const parentId = (c: CommentSource) => (typeof c.comment === 'object' && c.comment ? c.comment.id : (c.comment as number | null | undefined) ?? null);
const time = (c: CommentSource) => (c.date_created ? Date.parse(c.date_created) : 0);

export function reviewThreads(comments: CommentSource[], timeZone?: string): ReviewView[] {
  const top = comments.filter((c) => parentId(c) === null).sort((a, b) => time(b) - time(a) || b.id - a.id);
  return top
    .map((c) => ({
      ...view(c, timeZone),
      replies: comments
        .filter((r) => parentId(r) === c.id && !r.deleted)
        .sort((a, b) => time(a) - time(b) || a.id - b.id)
        .map((r) => view(r, timeZone)),
    }))
    .filter((thread) => !thread.deleted || thread.replies.length > 0);
}

/** How many reviews and replies the threads show (a deleted review kept for its replies is not one). */
export function reviewCount(threads: ReviewView[]): number {
  return threads.reduce((n, t) => n + (t.deleted ? 0 : 1) + t.replies.length, 0);
}
