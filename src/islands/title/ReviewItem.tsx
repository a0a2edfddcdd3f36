/**
 * One review or reply as everyone sees it: the author's avatar (the default picture when theirs
 * fails) and name in its colour linking to /profile/{login}, the date, the text and the reaction
 * counts. A deleted review kept for its replies reads 'Комментарий удалён' and names nobody.
 * Signed-in people get their buttons in `actions`, and may swap the text for an editor (`body`).
 */
import type { ReactNode } from 'react';
import { DELETED_REVIEW, type ReviewView } from '../../lib/reviews.ts';
import Avatar from '../people/Avatar.tsx';
import PersonName from '../people/PersonName.tsx';

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
            {body ?? <p className="review__text">{r.text}</p>}
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
