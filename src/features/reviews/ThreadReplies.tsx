/**
 * A thread's replies under its review: the first few, then 'Показать ответы (N)' for the rest (read
 * first when not at hand); opened, all of them. A failed read says so, with 'Повторить'.
 */
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { REPLIES_FOLDED_AFTER } from '../../lib/constants.ts';
import { useTask } from '../../ui/use-task.ts';
import type { ReviewView } from './reviews.ts';
import { $openThreads, replyShowing } from './store.ts';

interface Props {
  thread: ReviewView;
  /** One reply as the section draws it. */
  children: (reply: ReviewView) => ReactNode;
}

export default function ThreadReplies({ thread, children }: Props) {
  const open = useStore($openThreads).has(thread.id);
  const { pending, error, run, retry } = useTask(replyShowing.of(thread.id));
  const shown = open ? thread.replies : thread.replies.slice(0, REPLIES_FOLDED_AFTER);
  const hidden = thread.replyCount - shown.length;
  if (shown.length === 0 && hidden <= 0) return null;
  return (
    <div className="review__replies">
      {shown.map(children)}
      {hidden > 0 && !error && (
        <button type="button" className="review__more" aria-disabled={pending || undefined} onClick={() => void run()}>
          Показать ответы ({hidden})
        </button>
      )}
      {error && (
        <p className="list-status list-status--error" role="alert">
          {error} <button type="button" className="list-status__retry" onClick={() => void retry()}>Повторить</button>
        </p>
      )}
    </div>
  );
}
