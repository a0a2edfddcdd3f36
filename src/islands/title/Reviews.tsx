/**
 * The reviews section, always fresh from the backend (not frozen at build): reviews newest
 * first with their replies and reaction counts. Visitors are asked to sign in to write; the
 * form for signed-in users plugs into `composer`.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { runtime } from '../../lib/directus/runtime.ts';
import { reviewThreads, type ReviewView } from '../../lib/reviews.ts';
import { countRu, COMMENT_FORMS } from '../../lib/russian.ts';
import Avatar from '../people/Avatar.tsx';
import PersonName from '../people/PersonName.tsx';
import './reviews.css';

function Review({ r }: { r: ReviewView }) {
  return (
    <article className="review" data-review-id={r.id}>
      <Avatar person={r.author} />
      <div className="review__body">
        <header className="review__head">
          <PersonName person={r.author} className="review__author" />
          <time className="review__date">{r.date}</time>
        </header>
        <p className="review__text">{r.text}</p>
        <div className="review__reactions">
          <span aria-label={`Нравится: ${r.likes}`}>👍 {r.likes}</span>
          <span aria-label={`Не нравится: ${r.dislikes}`}>👎 {r.dislikes}</span>
        </div>
        {r.replies.length > 0 && <div className="review__replies">{r.replies.map((x) => <Review key={x.id} r={x} />)}</div>}
      </div>
    </article>
  );
}

export default function Reviews({ titleId, composer }: { titleId: number; composer?: ReactNode }) {
  const [reviews, setReviews] = useState<ReviewView[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = () => {
    setFailed(false);
    runtime().getComments(titleId)
      .then((rows) => setReviews(reviewThreads(rows)))
      .catch((err: unknown) => { console.error(err); setFailed(true); });
  };
  useEffect(load, [titleId]);

  const total = reviews?.reduce((n, r) => n + 1 + r.replies.length, 0) ?? 0;
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Отзывы{reviews ? ` · ${countRu(total, COMMENT_FORMS)}` : ''}</h2>
      {composer ?? <p className="reviews__signin"><a href="/login">Войдите, чтобы оставить комментарий</a></p>}
      {reviews === null && !failed && <p className="reviews__loading">Загружаем отзывы…</p>}
      {failed && (
        <p className="list-status list-status--error" role="alert">
          Не удалось загрузить отзывы. <button type="button" className="list-status__retry" onClick={load}>Повторить</button>
        </p>
      )}
      {reviews?.length === 0 && <p className="reviews__empty">Отзывов пока нет. Будьте первым!</p>}
      {reviews?.map((r) => <Review key={r.id} r={r} />)}
    </section>
  );
}
