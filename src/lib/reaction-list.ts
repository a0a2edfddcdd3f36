/**
 * The likes and dislikes a review, reply, post or comment holds, as rows read them ({ id, type },
 * or a bare id), changed by one person's reaction or by one the live feed brought: counts follow
 * from the list, so a reaction is listed once however often it arrives.
 */
export type ListedReaction = { id?: number; type?: string | null } | number;
export interface HeldReaction { id: number; type: string }

const idOf = (r: ListedReaction) => (typeof r === 'number' ? r : r.id);

/** The list without the reaction `gone` (by id), with `came` in it once, at its newest type. */
export function changeReactions(list: readonly ListedReaction[] | null | undefined, gone: number | null, came: HeldReaction | null): ListedReaction[] {
  const kept = (list ?? []).filter((r) => idOf(r) !== gone && idOf(r) !== came?.id);
  return came ? [...kept, { id: came.id, type: came.type }] : kept;
}

/** A post's or a comment's key among one's own reactions. */
export const reactionKey = (target: { post: number } | { comment: number }): string =>
  ('post' in target ? `post:${target.post}` : `comment:${target.comment}`);

/** What pressing a button asks for: the pressed reaction again takes it back, another replaces it. */
export function pressedReaction<T extends string>(mine: T | null | undefined, pressed: T): T | null {
  return mine === pressed ? null : pressed;
}
