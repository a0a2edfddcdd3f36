/**
 * The reviews of the open title, fresh from the backend a page at a time and live once seen, as rows
 * and as the threads the section draws. The reading and the live feed load with the first page
 * (reading.ts). What a signed-in person does to them lives in `signed-in-store.ts`, so a visitor's
 * page never loads it.
 */
import { atom, computed } from 'nanostores';
import { REVIEWS_PAGE_SIZE } from '../../lib/constants.ts';
import type { ReviewPageItem } from '../../lib/directus/review-reads.ts';
import { remoteList } from '../../ui/remote-list.ts';
import { taskPerKey } from '../../ui/task.ts';
import { reviewThreads, shownCount, type CommentSource, type Tally } from './reviews.ts';

/** The title's reviews and replies at hand: the pages read, the replies of threads opened, and what came live since. */
export const $reviewRows = atom<CommentSource[]>([]);

/** The threads as the section draws them. */
export const $reviews = computed($reviewRows, (rows) => reviewThreads(rows));

/** The backend's count of what the title shows, read with the first page. */
export const $reviewTally = atom<Tally | null>(null);

/** Reviews and replies heard deleted, by id, with when: the tally counted them if it was asked before. */
const $gone = atom<ReadonlyMap<number, number>>(new Map());

export function noteGone(id: number): void {
  if (!$gone.get().has(id)) $gone.set(new Map($gone.get()).set(id, Date.now()));
}

/** How many reviews and replies the title shows; null until counted. */
export const $reviewCount = computed([$reviewRows, $reviewTally, $gone], (rows, tally, gone) => (tally ? shownCount(rows, tally, gone) : null));

/** Threads shown whole ('Показать ответы'). */
export const $openThreads = atom<ReadonlySet<number>>(new Set());

const reading = () => import('./reading.ts');

/** The pages of reviews ('Показать еще'); the first is read once the live feed listens (reading.ts). */
export const reviewPages = remoteList<ReviewPageItem, number>(
  (titleId, page) => reading().then((r) => r.readPage(titleId, page)),
  { pageSize: REVIEWS_PAGE_SIZE },
);

/** 'Показать ответы': a thread shown whole, its replies not at hand read first. */
export const replyShowing = taskPerKey((threadId: number) => reading().then((r) => r.showReplies(threadId)), 'Не удалось загрузить ответы');
