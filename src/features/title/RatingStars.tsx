/**
 * The title's rating: five stars filled to the average, the average with two decimals and the
 * number of ratings. The build renders it with the counters of its last refresh, which is what a
 * visitor sees, with a prompt to sign in (and come back here): the island hydrates only for a
 * signed-in person (`client:signed-in`), who gets it fresh, stars to press and the list marks.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $titleRating, loadRatingSummary } from './store.ts';
import type { RatingSummary } from '../../lib/directus/runtime.ts';
import { RATING_MAX } from '../../../shared/visitor-rules.ts';
import { countRu } from '../../lib/plural.ts';
import type { TitleKind } from '../../lib/title-kind.ts';
import { signedInPart, useSignedIn } from './signed-in.ts';
import LazyPart from '../../ui/LazyPart.tsx';

const BannerActions = signedInPart('BannerActions');

const RATING_FORMS = ['оценка', 'оценки', 'оценок'] as const;

interface Props {
  titleId: number;
  /** What the title is ('дорама', 'фильм'…), for the stars' name. */
  kind: TitleKind;
  /** The average and count as the build read them, shown until the fresh ones come. */
  built: RatingSummary;
  /** Made at build time: /login, coming back to this page. */
  signInHref: string;
}

export default function RatingStars({ titleId, kind, built, signInHref }: Props) {
  const summary = useStore($titleRating).summary ?? built;
  const signedIn = useSignedIn();

  useEffect(() => loadRatingSummary(titleId), [titleId]);

  const average = summary.average;
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
      {average === null ? 'Нет оценок' : `${average.toFixed(2)} · ${countRu(summary.count, RATING_FORMS)}`}
    </span>
  );
  return (
    <div className="rating-stars">
      {signedIn
        ? <LazyPart fallback={<>{stars}{value}</>}><BannerActions titleId={titleId} kind={kind} value={value} /></LazyPart>
        : <>{stars}{value}<a className="rating-stars__signin" href={signInHref}>Войдите, чтобы оценить</a></>}
    </div>
  );
}
