/**
 * Stars a signed-in person presses to rate the title 1 to 5; pressing another replaces the
 * rating in one backend call, and the average and count beside them follow its answer at once.
 * Their own rating is filled; before they rate, the stars show the average. While one is saved the
 * stars are only aria-disabled (the task ignores a press meanwhile): disabled, they would drop the
 * keyboard's focus to the page's start.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { RATING_MAX } from '../../../shared/visitor-rules.ts';
import { useTask } from '../../ui/use-task.ts';
import { $titleRating } from './store.ts';
import { loadMyRating, rating } from './signed-in-store.ts';
import { kindIn, type TitleKind } from '../../lib/title-kind.ts';
import './title-actions.css';

export default function RatingPicker({ titleId, kind }: { titleId: number; kind: TitleKind }) {
  const { summary, mine } = useStore($titleRating);
  const { pending, error, run } = useTask(rating);

  useEffect(() => { loadMyRating(titleId).catch((err: unknown) => console.error(err)); }, [titleId]);

  const filled = mine ?? Math.round(summary?.average ?? 0);
  return (
    <span className="rating-picker" role="group" aria-label={mine ? `Ваша оценка: ${mine} из ${RATING_MAX}` : `Оцените ${kindIn(kind, 'accusative')}`}>
      {Array.from({ length: RATING_MAX }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className={`rating-picker__star${n <= filled ? ' rating-picker__star--on' : ''}${mine ? ' rating-picker__star--mine' : ''}`}
          aria-label={`Оценить на ${n} из ${RATING_MAX}`}
          aria-pressed={mine === n}
          aria-disabled={pending || undefined}
          onClick={() => void run(titleId, n)}
        >★</button>
      ))}
      {error && <span className="title-actions__error" role="alert">{error}</span>}
    </span>
  );
}
