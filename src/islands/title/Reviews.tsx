/**
 * The reviews section, always fresh from the backend (not frozen at build): reviews newest
 * first with their replies and reaction counts. Visitors are asked to sign in to write; the
 * form for signed-in users plugs into `composer`.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { DEFAULT_AVATAR } from '../../lib/assets.ts';
import { runtime } from '../../lib/directus/runtime.ts';
import { reviewThreads, type ReviewView } from '../../lib/reviews.ts';
import { countRu, COMMENT_FORMS } from '../../lib/russian.ts';
import './reviews.css';

function Review({ r }: { r: ReviewView }) {
  return (
    <article className="review" data-review-id={r.id}>
      <img className="review__avatar" src={r.author.avatar} alt="" width={40} height={40} loading="lazy"
        onError={(e) => { e.currentTarget.src = DEFAULT_AVATAR; }} />
      <div className="review__body">
        <header className="review__head">
          {r.author.href
            ? <a className="review__author" href={r.author.href} style={r.author.color ? { color: r.author.color } : undefined}>{r.author.login}</a>
            : <span className="review__author">{r.author.login}</span>}
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

  useEffect(() => {
    runtime().getComments(titleId)
      .then((rows) => setReviews(reviewThreads(rows)))
      .catch((err: unknown) => { console.error(err); setReviews([]); });
  }, [titleId]);

  const total = reviews?.reduce((n, r) => n + 1 + r.replies.length, 0) ?? 0;
  return (
    <section className="reviews" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Отзывы{reviews ? ` · ${countRu(total, COMMENT_FORMS)}` : ''}</h2>
      {composer ?? <p className="reviews__signin"><a href="/login">Войдите, чтобы оставить комментарий</a></p>}
      {reviews === null && <p className="reviews__loading">Загружаем отзывы…</p>}
      {reviews?.length === 0 && <p className="reviews__empty">Отзывов пока нет. Будьте первым!</p>}
      {reviews?.map((r) => <Review key={r.id} r={r} />)}
    </section>
  );
}
