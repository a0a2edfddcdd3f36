/**
 * The comments under a post with their replies, and the comment box: 'Ответить' turns it into
 * a reply (the placeholder quotes what is answered), it empties once sent, and blank text or
 * text over the length cap (TextLimit says so) is not sent. Visitors are asked to sign in.
 */
import { useId, useRef, useState, type SubmitEvent, type RefObject } from 'react';
import { TEXT_LIMITS } from '../../../shared/rules.ts';
import type { ReactionType } from '../../lib/directus/reactions.ts';
import type { ReviewView } from '../reviews/index.ts';
import { cut } from '../../lib/text.ts';
import { Icon } from '../../ui/icons.tsx';
import type { Task, TaskPerKey } from '../../ui/task.ts';
import { useTask } from '../../ui/use-task.ts';
import { Avatar, PersonName } from './index.ts';
import Reactions from '../../ui/Reactions.tsx';
import { reactionKey } from '../../lib/reaction-list.ts';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../ui/text-limit.ts';

interface Props {
  comments: ReviewView[];
  /** The post's comment task (a comment, or a reply to one); absent for visitors. */
  commenting?: Task<[parentId: number | null, text: string]>;
  /** Each comment's like or dislike, by the comment's id; absent for visitors. */
  reacting?: TaskPerKey<number, [type: ReactionType]>;
  /** The signed-in reader, when known: their own comments get no like or dislike buttons. */
  viewerId?: string | null;
  /** The reader's own reactions, by `reactionKey`: shown pressed. */
  myReactions?: ReadonlyMap<string, ReactionType>;
}

interface ReplyTo { threadId: number; login: string; text: string }

const QUOTE_LENGTH = 60;

function Comment({ c, onReply, reacting, viewerId, mine }: { c: ReviewView; onReply?: () => void; reacting?: Props['reacting']; viewerId?: string | null; mine?: ReactionType }) {
  const react = reacting && (viewerId == null || c.author.id !== viewerId) ? reacting.of(c.id) : undefined;
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
          <Reactions likes={c.likes} dislikes={c.dislikes} mine={mine} reacting={react} />
          {onReply && <button type="button" className="comment__reply" onClick={onReply}>Ответить</button>}
        </div>
      </div>
    </article>
  );
}

/** The comment box: a comment, or a reply once 'Ответить' chose whom; it empties once sent. */
function CommentForm({ commenting, replyTo, onReplyTo, field }: {
  commenting: NonNullable<Props['commenting']>;
  replyTo: ReplyTo | null;
  onReplyTo: (to: ReplyTo | null) => void;
  field: RefObject<HTMLTextAreaElement | null>;
}) {
  const [text, setText] = useState('');
  const { pending: sending, error, run } = useTask(commenting, [text]);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.comment);

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (unsendable) return;
    if (await run(replyTo?.threadId ?? null, text)) {
      setText('');
      onReplyTo(null);
    }
  }

  const placeholder = replyTo ? `Ваш ответ ${replyTo.login}…` : 'Написать комментарий…';
  return (
    <form className="comments__form" onSubmit={submit}>
      {replyTo && (
        <p className="comments__replying">
          <span>Ответ <b>{replyTo.login}</b>: «{cut(replyTo.text, QUOTE_LENGTH)}»</span>
          <button type="button" className="comments__cancel" onClick={() => onReplyTo(null)}>Отменить ответ</button>
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
  );
}

export default function Comments({ comments, commenting, reacting, viewerId, myReactions }: Props) {
  const mineOf = (c: ReviewView) => myReactions?.get(reactionKey({ comment: c.id }));
  const [replyTo, setReplyTo] = useState<ReplyTo | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  const reply = commenting && ((threadId: number, c: ReviewView) => () => {
    setReplyTo({ threadId, login: c.author.login, text: c.text });
    field.current?.focus();
  });

  return (
    <div className="comments">
      {comments.map((thread) => (
        <div key={thread.id} className="comments__thread">
          <Comment c={thread} onReply={reply?.(thread.id, thread)} reacting={reacting} viewerId={viewerId} mine={mineOf(thread)} />
          {thread.replies.length > 0 && (
            <div className="comments__replies">
              {thread.replies.map((r) => <Comment key={r.id} c={r} onReply={reply?.(thread.id, r)} reacting={reacting} viewerId={viewerId} mine={mineOf(r)} />)}
            </div>
          )}
        </div>
      ))}
      {commenting ? <CommentForm commenting={commenting} replyTo={replyTo} onReplyTo={setReplyTo} field={field} /> : null}
    </div>
  );
}
