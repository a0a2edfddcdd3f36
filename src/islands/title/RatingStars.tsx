/**
 * The title's rating, fresh from the backend: five stars filled to the average, the average with
 * two decimals and the number of ratings. A visitor is asked to sign in (and comes back here); a
 * signed-in person gets stars to press and the list marks, loaded only for them.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $titleRating, loadRatingSummary } from '../../stores/title-rating.ts';
import { RATING_MAX } from '../../../shared/visitor-rules.ts';
import { countRu } from '../../lib/russian.ts';
import { signedInPart, useSignedIn } from './signed-in.ts';
import LazyPart from '../layout/LazyPart.tsx';

const BannerActions = signedInPart('BannerActions');

const RATING_FORMS = ['оценка', 'оценки', 'оценок'] as const;

/** `signInHref` is made at build time: /login, coming back to this page. */
export default function RatingStars({ titleId, signInHref }: { titleId: number; signInHref: string }) {
  const { summary } = useStore($titleRating);
  const signedIn = useSignedIn();

  useEffect(() => loadRatingSummary(titleId), [titleId]);

  const average = summary?.average ?? null;
  const filled = Math.round(average ?? 0);
  const stars = (
    <span className="rating-stars__stars" role="img" aria-label={average === null ? 'Оценок пока нет' : `Рейтинг ${average.toFixed(2)} из ${RATING_MAX}`}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < filled ? 'rating-stars__star rating-stars__star--on' : 'rating-stars__star'}>★</span>
      ))}
    </span>
  );
  const value = (
    <span className="rating-stars__value">
      {summary === null ? '…' : average === null ? 'Нет оценок' : `${average.toFixed(2)} · ${countRu(summary.count, RATING_FORMS)}`}
    </span>
  );
  return (
    <div className="rating-stars">
      {signedIn
        ? <LazyPart fallback={<>{stars}{value}</>}><BannerActions titleId={titleId} value={value} /></LazyPart>
        : <>{stars}{value}<a className="rating-stars__signin" href={signInHref}>Войдите, чтобы оценить</a></>}
    </div>
  );
}
