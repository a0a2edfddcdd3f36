/**
 * The reviews section (hydrated once in view), fresh from the backend (not frozen at build) and live:
 * reviews newest first with their replies and reaction counts. Visitors are asked to sign in to write (and
 * come back here); signed-in people get the form and their buttons, loaded only for them.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { reviewCount } from './reviews.ts';
import { countRu, REVIEW_FORMS } from '../../lib/plural.ts';
import type { TitleKind } from '../../lib/title-kind.ts';
import { $reviewRows, $reviews, loadReviews } from './store.ts';
import ReviewItem from './ReviewItem.tsx';
import { signedInPart, useSignedIn } from '../title/index.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import './reviews.css';

const ReviewBoard = signedInPart('ReviewBoard');

/** `signInHref` is made at build time: /login, coming back to this page; `kind` names the title in the form. */
export default function Reviews({ titleId, kind, signInHref }: { titleId: number; kind: TitleKind; signInHref: string }) {
  const { status } = useStore($reviewRows);
  const reviews = useStore($reviews);
  const signedIn = useSignedIn();

  useEffect(() => loadReviews(titleId), [titleId]);

  const list = reviews?.map((r) => (
    <ReviewItem key={r.id} r={r}>
      {r.replies.length > 0 && <div className="review__replies">{r.replies.map((x) => <ReviewItem key={x.id} r={x} />)}</div>}
    </ReviewItem>
  ));
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Отзывы{reviews ? ` · ${countRu(reviewCount(reviews), REVIEW_FORMS)}` : ''}</h2>
      {!signedIn && (
        <p className="reviews__signin">
          <a href={signInHref}>Войдите, чтобы оставить комментарий</a>
        </p>
      )}
      {status === 'loading' && <p className="reviews__loading">Загружаем отзывы…</p>}
      {status === 'error' && (
        <p className="list-status list-status--error" role="alert">
          Не удалось загрузить отзывы. <button type="button" className="list-status__retry" onClick={() => loadReviews(titleId)}>Повторить</button>
        </p>
      )}
      {reviews?.length === 0 && <p className="reviews__empty">Отзывов пока нет. Будьте первым!</p>}
      {signedIn ? <LazyPart fallback={list}><ReviewBoard titleId={titleId} kind={kind} /></LazyPart> : list}
    </section>
  );
}
