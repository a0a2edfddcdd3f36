/**
 * The reviews as a signed-in person uses them (loaded only for them): the form for a new review —
 * blank after trimming is not sent, nor text over the length cap (TextLimit says so) — and
 * 'Ответить', which opens a reply form right under what it answers, its placeholder quoting that
 * text (Escape or 'Отменить ответ' closes it, keeping what was typed); once sent it empties and
 * closes, and the person is taken to their reply at the thread's end. Likes and dislikes of others'
 * reviews count once the backend took them (one each: theirs shows pressed, pressed again it goes,
 * the other replaces it); on their own reviews 'Изменить' and 'Удалить' (after a confirmation).
 *
 * A title may have thousands of reviews: each form keeps its own text, each thread its own editing
 * and replying, and a thread or reply is drawn again only when what it shows changed, so typing or
 * a like redraws one part and not the whole list.
 */
import { memo, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import { useTask } from '../../ui/use-task.ts';
import { useStore } from '@nanostores/react';
import { TEXT_LIMITS } from '../../../shared/visitor-rules.ts';
import type { ReviewView } from './reviews.ts';
import { cut } from '../../lib/text.ts';
import { aboutKind, type TitleKind } from '../../lib/title-kind.ts';
import { $me, loadMe } from '../account/index.ts';
import { sameData } from '../../lib/same-data.ts';
import { $myReactions, closeReply, deleteReview, lastSent, loadMyReactions, reviewEditing, reviewReacting, reviewWriting } from './signed-in-store.ts';
import { $reviews, replyShowing } from './store.ts';
import ConfirmDelete from '../../ui/ConfirmDelete.tsx';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../ui/text-limit.ts';
import Reactions from '../../ui/Reactions.tsx';
import ReviewItem from './ReviewItem.tsx';
import ThreadReplies from './ThreadReplies.tsx';
import './review-board.css';

const QUOTE_LENGTH = 80;

function ReviewEditor({ r, onDone }: { r: ReviewView; onDone: () => void }) {
  const [text, setText] = useState(r.text);
  const { pending: saving, error, run } = useTask(reviewEditing.of(r.id), [text]);
  const id = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.comment);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (unsendable || saving) return;
    if (await run(text)) onDone();
  }

  return (
    <form className="review-edit" onSubmit={save}>
      <label className="visually-hidden" htmlFor={id}>Текст комментария</label>
      <textarea id={id} className="input review-edit__input" rows={3} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
      <TextLimit text={text} max={TEXT_LIMITS.comment} />
      <div className="review-edit__buttons">
        <button type="submit" className="btn" disabled={unsendable || saving}>Сохранить</button>
        <button type="button" className="btn btn--ghost" onClick={onDone} disabled={saving}>Отмена</button>
      </div>
      {error && <p className="reviews__error" role="alert">{error}</p>}
    </form>
  );
}

interface Reply {
  threadId: number;
  to: ReviewView;
  /** What was typed, kept while the form moves to another reply of the thread or is closed. */
  draft: RefObject<string>;
  field: RefObject<HTMLTextAreaElement | null>;
  onCancel(): void;
  /** Sent: the new reply's id. */
  onSent(id: number): void;
}

/** The comment box: a new review, or (`reply`) a reply under what it answers. Its text is its own, so typing redraws the box alone. */
function ReviewForm({ titleId, placeholder, reply }: { titleId: number; placeholder: string; reply?: Reply }) {
  const [text, setText] = useState(() => reply?.draft.current ?? '');
  const parentId = reply?.threadId ?? null;
  const { pending: sending, error, run: send } = useTask(reviewWriting.of(parentId), [text]);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.comment);
  const label = reply ? `Ответ ${reply.to.author.login}` : 'Ваш комментарий';

  function change(value: string) {
    setText(value);
    if (reply) reply.draft.current = value;
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (unsendable || sending) return;
    if (await send(titleId, text)) {
      change('');
      const id = lastSent(parentId);
      if (reply && id !== null) reply.onSent(id);
    }
  }

  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.nativeEvent.isComposing) return;
    e.stopPropagation();
    reply?.onCancel();
  };

  return (
    <form className={reply ? 'review-form review-form--reply' : 'review-form'} aria-label={reply && label} onSubmit={submit} onKeyDown={reply && escape}>
      {reply && (
        <p className="review-form__replying">
          <span>Ответ <b>{reply.to.author.login}</b></span>
          <button type="button" className="review__action" onClick={reply.onCancel}>Отменить ответ</button>
        </p>
      )}
      <label className="visually-hidden" htmlFor={fieldId}>{label}</label>
      <textarea
        ref={reply?.field}
        id={fieldId}
        className="input review-form__input"
        rows={3}
        placeholder={placeholder}
        value={text}
        onChange={(e) => change(e.target.value)}
        autoFocus={!!reply}
      />
      <TextLimit text={text} max={TEXT_LIMITS.comment} />
      <div className="review-form__buttons">
        <button type="submit" className="btn" aria-busy={sending} disabled={unsendable || sending}>{reply ? 'Ответить' : 'Отправить'}</button>
      </div>
      {error && <p className="reviews__error" role="alert">{error}</p>}
    </form>
  );
}

/** What a thread's reviews do to it: one object a thread, so its replies are drawn again only when they change. */
interface ThreadActions {
  titleId: number;
  threadId: number;
  draft: RefObject<string>;
  edit(id: number | null): void;
  replyTo(id: number | null): void;
  sent(id: number): void;
  /** The new reply has been shown to the person. */
  shown(): void;
}

interface EntryProps {
  r: ReviewView;
  on: ThreadActions;
  mine: boolean;
  /** The thread takes replies: its review is not deleted (the backend refuses them too). */
  answerable: boolean;
  editing: boolean;
  replying: boolean;
  /** The person's reply just sent: brought into view and focused. */
  arrived: boolean;
  children?: ReactNode;
}

/** The person's own like or dislike of one review: only its part is drawn again when it changes. */
const useMyReaction = (id: number) => useSyncExternalStore($myReactions.listen, () => $myReactions.get().get(id));

/** A review or reply with the person's buttons, and the reply form under it while it is answered. */
function Entry({ r, on, mine, answerable, editing, replying, arrived, children }: EntryProps) {
  const pressed = useMyReaction(r.id);
  const answer = useRef<HTMLButtonElement>(null);
  const actions = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (!arrived) return;
    const article = actions.current?.closest('article');
    if (article) {
      // Focusable only until focus leaves it, so later clicks inside it do not outline it.
      article.tabIndex = -1;
      article.addEventListener('blur', () => article.removeAttribute('tabindex'), { once: true });
      article.scrollIntoView({ block: 'center' });
      article.focus({ preventScroll: true });
    }
    on.shown();
  }, [arrived, on]);

  const cancel = () => {
    on.replyTo(null);
    answer.current?.focus();
    void closeReply(on.threadId);
  };

  return (
    <ReviewItem
      r={r}
      body={editing ? <ReviewEditor r={r} onDone={() => on.edit(null)} /> : undefined}
      actions={(
        <div className="review__actions" ref={actions}>
          <Reactions likes={r.likes} dislikes={r.dislikes} mine={pressed} reacting={mine ? undefined : reviewReacting.of(r.id)} />
          {answerable && <button ref={answer} type="button" className="review__action" onClick={() => (replying ? field.current?.focus() : on.replyTo(r.id))}>Ответить</button>}
          {mine && !editing && <button type="button" className="review__action" onClick={() => on.edit(r.id)}>Изменить</button>}
          {mine && (
            <ConfirmDelete
              buttonClassName="review__action"
              question="Удалить комментарий?"
              consequence="Текст исчезнет. Если на комментарий уже ответили, ответы останутся под надписью «Комментарий удалён»."
              failure="Не удалось удалить комментарий"
              onDelete={() => deleteReview(r.id)}
            />
          )}
        </div>
      )}
    >
      {replying && answerable && (
        <ReviewForm
          titleId={on.titleId}
          placeholder={`«${cut(r.text, QUOTE_LENGTH)}»`}
          reply={{ threadId: on.threadId, to: r, draft: on.draft, field, onCancel: cancel, onSent: on.sent }}
        />
      )}
      {children}
    </ReviewItem>
  );
}

/** A reply, drawn again only when it or the person's part in it changed. */
const ReplyEntry = memo(Entry, sameData);

/** A review and its replies, with what the person is doing in them; drawn again only when they change. */
const Thread = memo(function Thread({ thread, titleId, meId }: { thread: ReviewView; titleId: number; meId: string | null }) {
  const [editing, setEditing] = useState<number | null>(null);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [arrived, setArrived] = useState<number | null>(null);
  const draft = useRef('');
  const threadId = thread.id;
  const on = useMemo((): ThreadActions => ({
    titleId,
    threadId,
    draft,
    edit: setEditing,
    replyTo: setReplyTo,
    sent(id) {
      setReplyTo(null);
      setArrived(id);
      // The reply lands at the thread's end: the thread is opened whole to show it.
      void replyShowing.of(threadId).run();
    },
    shown: () => setArrived(null),
  }), [titleId, threadId]);

  const props = (r: ReviewView) => ({
    r, on, mine: !!meId && r.author.id === meId, answerable: !thread.deleted,
    editing: editing === r.id, replying: replyTo === r.id, arrived: arrived === r.id,
  });
  return (
    <Entry {...props(thread)}>
      <ThreadReplies thread={thread}>{(x) => <ReplyEntry key={x.id} {...props(x)} />}</ThreadReplies>
    </Entry>
  );
}, sameData);

export default function ReviewBoard({ titleId, kind }: { titleId: number; kind: TitleKind }) {
  const reviews = useStore($reviews);
  const meId = useStore($me)?.id ?? null;

  useEffect(() => { void loadMe(); }, []);
  useEffect(() => { loadMyReactions(titleId).catch(console.error); }, [titleId]);

  return (
    <>
      <ReviewForm titleId={titleId} placeholder={`Напишите, что думаете ${aboutKind(kind)}…`} />
      {reviews.map((r) => <Thread key={r.id} thread={r} titleId={titleId} meId={meId} />)}
    </>
  );
}
