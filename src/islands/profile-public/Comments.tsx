/**
 * The comments under a post with their replies, and the comment box: 'Ответить' turns it into
 * a reply (the placeholder quotes what is answered), it empties once sent, and blank text or
 * text over the length cap (TextLimit says so) is not sent. Visitors are asked to sign in.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useFormProblem } from '../layout/use-form-problem.ts';
import { TEXT_LIMITS } from '../../../shared/rules.ts';
import type { ReactionType } from '../../lib/directus/people.ts';
import type { ReviewView } from '../../lib/reviews.ts';
import { cut } from '../../lib/text.ts';
import { Icon } from '../layout/icons.tsx';
import Avatar from '../people/Avatar.tsx';
import PersonName from '../people/PersonName.tsx';
import Reactions from './Reactions.tsx';
import { reactionKey } from '../../lib/reaction-list.ts';
import TextLimit from '../layout/TextLimit.tsx';
import { overLimit } from '../../lib/text-limit.ts';

interface Props {
  comments: ReviewView[];
  /** Absent for visitors. */
  onComment?: (parentId: number | null, text: string) => Promise<void>;
  onReact?: (commentId: number, type: ReactionType) => Promise<void>;
  /** The signed-in reader, when known: their own comments get no like or dislike buttons. */
  viewerId?: string | null;
  /** The reader's own reactions, by `reactionKey`: shown pressed. */
  myReactions?: ReadonlyMap<string, ReactionType>;
}

interface ReplyTo { threadId: number; login: string; text: string }

const QUOTE_LENGTH = 60;

function Comment({ c, onReply, onReact, viewerId, mine }: { c: ReviewView; onReply?: () => void; onReact?: Props['onReact']; viewerId?: string | null; mine?: ReactionType }) {
  const react = onReact && (viewerId == null || c.author.id !== viewerId) ? (type: ReactionType) => onReact(c.id, type) : undefined;
  return (
    <article className="comment" data-comment-id={c.id}>
      <Avatar person={c.author} size={32} />
      <div className="comment__body">
        <header className="comment__head">
          <PersonName person={c.author} />
          <time className="comment__date">{c.date}</time>
        </header>
        <p className="comment__text">{c.text}</p>
        <div className="comment__actions">
          <Reactions likes={c.likes} dislikes={c.dislikes} mine={mine} onReact={react} />
          {onReply && <button type="button" className="comment__reply" onClick={onReply}>Ответить</button>}
        </div>
      </div>
    </article>
  );
}

export default function Comments({ comments, onComment, onReact, viewerId, myReactions }: Props) {
  const mineOf = (c: ReviewView) => myReactions?.get(reactionKey({ comment: c.id }));
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ReplyTo | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useFormProblem({ text });
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.comment);

  const reply = onComment && ((threadId: number, c: ReviewView) => () => {
    setReplyTo({ threadId, login: c.author.login, text: c.text });
    field.current?.focus();
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!onComment || unsendable || sending) return;
    setSending(true);
    setError(null);
    try {
      await onComment(replyTo?.threadId ?? null, text);
      setText('');
      setReplyTo(null);
    } catch (err) {
      console.error(err);
      setError(reasonOf(err, 'Не удалось отправить комментарий'));
    } finally {
      setSending(false);
    }
  }

  const placeholder = replyTo ? `Ваш ответ ${replyTo.login}…` : 'Написать комментарий…';
  return (
    <div className="comments">
      {comments.map((thread) => (
        <div key={thread.id} className="comments__thread">
          <Comment c={thread} onReply={reply?.(thread.id, thread)} onReact={onReact} viewerId={viewerId} mine={mineOf(thread)} />
          {thread.replies.length > 0 && (
            <div className="comments__replies">
              {thread.replies.map((r) => <Comment key={r.id} c={r} onReply={reply?.(thread.id, r)} onReact={onReact} viewerId={viewerId} mine={mineOf(r)} />)}
            </div>
          )}
        </div>
      ))}
      {onComment ? (
        <form className="comments__form" onSubmit={submit}>
          {replyTo && (
            <p className="comments__replying">
              <span>Ответ <b>{replyTo.login}</b>: «{cut(replyTo.text, QUOTE_LENGTH)}»</span>
              <button type="button" className="comments__cancel" onClick={() => setReplyTo(null)}>Отменить ответ</button>
            </p>
          )}
          <div className="comments__row">
            <label className="visually-hidden" htmlFor={fieldId}>{replyTo ? `Ответ ${replyTo.login}` : 'Комментарий'}</label>
            <textarea
              ref={field}
              id={fieldId}
              className="input comments__input"
              rows={1}
              placeholder={placeholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="btn comments__send" aria-label="Отправить" title="Отправить" aria-busy={sending} disabled={unsendable || sending}>
              <Icon size={20}><path d="M22 2 11 13" /><path d="m22 2-7 20-4-9-9-4 20-7z" /></Icon>
            </button>
          </div>
          <TextLimit text={text} max={TEXT_LIMITS.comment} />
          {error && <p className="profile-error" role="alert">{error}</p>}
        </form>
      ) : null}
    </div>
  );
}
