/**
 * Reviews that come in live (store.ts), merged into the rows the title page
 * holds. Apart from reviews.ts, so a visitor's page carries it only once the live feed loads.
 */
import { changeReactions } from '../../lib/reaction-list.ts';
import type { CommentSource } from './reviews.ts';

/** A like or dislike as the live feed brings it: the review it is on, by id or as a row. */
export interface ReactionSource { id: number; type: string; comment?: { id: number } | number | null }

const keyOfRef = (ref: { id: number } | number | null | undefined) => (typeof ref === 'object' && ref ? ref.id : ref ?? null);

/**
 * The title's rows with reviews that came in live: new ones added, changed ones (an edit, a
 * deletion) replacing their old copy; another title's, or a post's, left out.
 */
export function mergeReviews(rows: CommentSource[], incoming: (CommentSource & { title?: { id: number } | number | null })[], titleId: number): CommentSource[] {
  const mine = incoming.filter((c) => keyOfRef(c.title) === titleId);
  if (mine.length === 0) return rows;
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const c of mine) byId.set(c.id, { ...byId.get(c.id), ...c });
  return [...byId.values()];
}

/**
 * The rows with likes and dislikes that came in live, each counted once however it arrived: a new
 * one added, a known one (a like turned dislike) taking its new type.
 */
export function mergeReactions(rows: CommentSource[], incoming: ReactionSource[]): CommentSource[] {
  let changed = false;
  const next = rows.map((row) => {
    const known = (r: ReactionSource) => (row.reactions ?? []).some((have) => typeof have === 'object' && have.id === r.id && have.type === r.type);
    const mine = incoming.filter((r) => keyOfRef(r.comment) === row.id && !known(r));
    if (mine.length === 0) return row;
    changed = true;
    return { ...row, reactions: mine.reduce((list, { id, type }) => changeReactions(list, null, { id, type }), row.reactions ?? []) };
  });
  return changed ? next : rows;
}

/**
 * The rows after a read of them all: the read's, except reviews shown that changed live while it was
 * on its way (the read may have left before that change, so it would undo it), and, after them, what
 * the read does not have yet.
 */
export function afterRead(rows: CommentSource[], read: CommentSource[], changedLive: ReadonlySet<number>): CommentSource[] {
  const shown = new Set(rows.map((r) => r.id));
  const taken = read.filter((r) => !(changedLive.has(r.id) && shown.has(r.id)));
  const known = new Set(taken.map((r) => r.id));
  return [...taken, ...rows.filter((r) => !known.has(r.id))];
}

/** The reviews a live frame is about: a review's own id, or the review a like or dislike is on. */
export function reviewsOf(frame: { reactions: boolean; data: unknown[] }): number[] {
  return frame.data.flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const id = frame.reactions ? keyOfRef((item as ReactionSource).comment) : (item as { id?: unknown }).id;
    return typeof id === 'number' ? [id] : [];
  });
}
