/**
 * The title's rating, fresh from the backend: five stars filled to the average, the average
 * with two decimals and the number of ratings. Rating as a user plugs in with accounts.
 */
import { useEffect, useState } from 'react';
import { runtime, type RatingSummary } from '../../lib/directus/runtime.ts';
import { RATING_MAX } from '../../../shared/visitor-rules.ts';
import { countRu } from '../../lib/russian.ts';

const RATING_FORMS = ['оценка', 'оценки', 'оценок'] as const;

export default function RatingStars({ titleId }: { titleId: number }) {
  const [summary, setSummary] = useState<RatingSummary | null>(null);

  useEffect(() => {
    runtime().getRatingSummary(titleId).then(setSummary).catch((err: unknown) => console.error(err));
  }, [titleId]);

  const average = summary?.average ?? null;
  const filled = Math.round(average ?? 0);
  return (
    <div className="rating-stars" aria-label={average === null ? 'Оценок пока нет' : `Рейтинг ${average.toFixed(2)} из ${RATING_MAX}`}>
      <span className="rating-stars__stars" aria-hidden="true">
        {Array.from({ length: RATING_MAX }, (_, i) => (
          <span key={i} className={i < filled ? 'rating-stars__star rating-stars__star--on' : 'rating-stars__star'}>★</span>
        ))}
      </span>
      <span className="rating-stars__value">
        {summary === null ? '…' : average === null ? 'Нет оценок' : `${average.toFixed(2)} · ${countRu(summary.count, RATING_FORMS)}`}
      </span>
    </div>
  );
}
