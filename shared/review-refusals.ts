/**
 * What the backend says when a like or a reply names a review or reply that is no longer there (an
 * editor deleted it outright, or its title was hidden): the title page then drops it rather than
 * keep showing it beside the refusal. Kept apart from rules.ts, whose chunk visitors load.
 */
export const REVIEW_GONE = {
  reacted: 'Комментарий не найден',
  answered: 'Комментарий, на который вы отвечаете, не найден',
} as const;
