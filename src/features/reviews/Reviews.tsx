/**
 * The reviews section (hydrated once in view), fresh from the backend (not frozen at build) and live:
 * reviews newest first a page at a time ('Показать еще'), each with its first replies ('Показать
 * ответы' for the rest) and reaction counts. Visitors are asked to sign in to write (and come back
 * here); signed-in people get the form and their buttons, loaded only for them.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { countRu, REVIEW_FORMS } from '../../lib/plural.ts';
import type { TitleKind } from '../../lib/title-kind.ts';
import { $reviewCount, $reviews, reviewPages } from './store.ts';
import ReviewItem from './ReviewItem.tsx';
import ThreadReplies from './ThreadReplies.tsx';
import { signedInPart, useSignedIn } from '../title/index.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import ListFooter from '../../ui/ListFooter.tsx';
import './reviews.css';

const ReviewBoard = signedInPart('ReviewBoard');

/** `signInHref` is made at build time: /login, coming back to this page; `kind` names the title in the form. */
export default function Reviews({ titleId, kind, signInHref }: { titleId: number; kind: TitleKind; signInHref: string }) {
  const pages = useStore(reviewPages.$state);
  const reviews = useStore($reviews);
  const count = useStore($reviewCount);
  const signedIn = useSignedIn();

  useEffect(() => void reviewPages.show(titleId), [titleId]);

  // Until the first page is asked for (the built page, the first moment), the reviews are loading.
  const state = pages.status === 'idle' ? { ...pages, status: 'loading' as const } : pages;
  const list = reviews.map((r) => (
    <ReviewItem key={r.id} r={r}>
      <ThreadReplies thread={r}>{(x) => <ReviewItem key={x.id} r={x} />}</ThreadReplies>
    </ReviewItem>
  ));
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Отзывы{count !== null ? ` · ${countRu(count, REVIEW_FORMS)}` : ''}</h2>
      {!signedIn && (
        <p className="reviews__signin">
          <a href={signInHref}>Войдите, чтобы оставить комментарий</a>
        </p>
      )}
      {state.status === 'ready' && reviews.length === 0 && <p className="reviews__empty">Отзывов пока нет. Будьте первым!</p>}
      {signedIn ? <LazyPart fallback={list}><ReviewBoard titleId={titleId} kind={kind} /></LazyPart> : list}
      <ListFooter state={state} list={reviewPages} failure="Не удалось загрузить отзывы." />
    </section>
  );
}
