/**
 * One review or reply as everyone sees it: the author's avatar (the default picture when theirs
 * fails) and name in its colour linking to /profile/{login}, the date, the text (its http(s)
 * addresses links, whose code loads only for a text that has one) and the reaction counts. A deleted review kept for its replies reads 'Комментарий удалён' and names nobody.
 * Signed-in people get their buttons in `actions`, and may swap the text for an editor (`body`).
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { mayHoldLink } from '../../lib/link-hint.ts';
import { DELETED_REVIEW, type ReviewView } from './reviews.ts';
import { Avatar, PersonName } from '../people/index.ts';

// The finder loads only for a review that may hold an address.
const LinkedText = lazy(() => import('../../ui/LinkedText.tsx'));

interface Props {
  r: ReviewView;
  /** Replaces the text (an editor). */
  body?: ReactNode;
  /** Replaces the reaction counts (buttons, reply, edit, delete). */
  actions?: ReactNode;
  children?: ReactNode;
}

export default function ReviewItem({ r, body, actions, children }: Props) {
  return (
    <article className={r.deleted ? 'review review--deleted' : 'review'} data-review-id={r.id}>
      {!r.deleted && <Avatar person={r.author} />}
      <div className="review__body">
        {r.deleted ? <p className="review__text review__text--deleted">{DELETED_REVIEW}</p> : (
          <>
            <header className="review__head">
              <PersonName person={r.author} className="review__author" />
              <time className="review__date">{r.date}</time>
            </header>
            {body ?? <p className="review__text">{mayHoldLink(r.text) ? <Suspense fallback={r.text}><LinkedText text={r.text} /></Suspense> : r.text}</p>}
            {actions ?? (
              <div className="review__reactions">
                <span className="counter counter--like" aria-label={`Нравится: ${r.likes}`} role="img">{r.likes}</span>
                <span className="counter counter--dislike" aria-label={`Не нравится: ${r.dislikes}`} role="img">{r.dislikes}</span>
              </div>
            )}
          </>
        )}
        {children}
      </div>
    </article>
  );
}
