/**
 * The reviews as a signed-in person uses them (loaded only for them): the form — blank after
 * trimming is not sent, nor text over the length cap (TextLimit says so); 'Ответить' makes it a
 * reply whose placeholder quotes the text answered, and it empties once sent — likes and dislikes
 * of others' reviews that count once the backend took them (one each: theirs shows pressed,
 * pressed again it goes, the other replaces it), and on their own reviews 'Изменить' and
 * 'Удалить' (after a confirmation) with their counts only.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTask } from '../../ui/use-task.ts';
import { useStore } from '@nanostores/react';
import { TEXT_LIMITS } from '../../../shared/visitor-rules.ts';
import type { ReviewView } from './reviews.ts';
import { cut } from '../../lib/text.ts';
import { aboutKind, type TitleKind } from '../../lib/title-kind.ts';
import { $me, loadMe } from '../account/index.ts';
import { $myReactions, deleteReview, loadMyReactions, reviewEditing, reviewReacting, reviewWriting } from './signed-in-store.ts';
import { $reviews, replyShowing } from './store.ts';
import ConfirmDelete from '../../ui/ConfirmDelete.tsx';
import TextLimit from '../../ui/TextLimit.tsx';
import { overLimit } from '../../ui/text-limit.ts';
import Reactions from '../../ui/Reactions.tsx';
import ReviewItem from './ReviewItem.tsx';
import ThreadReplies from './ThreadReplies.tsx';
import './review-board.css';

interface ReplyTo { threadId: number; login: string; text: string }

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

export default function ReviewBoard({ titleId, kind }: { titleId: number; kind: TitleKind }) {
  const reviews = useStore($reviews);
  const me = useStore($me);
  const myReactions = useStore($myReactions);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ReplyTo | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const { pending: sending, error, run: send } = useTask(reviewWriting, [text]);
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  const unsendable = !text.trim() || overLimit(text, TEXT_LIMITS.comment);

  useEffect(() => { void loadMe(); }, []);
  useEffect(() => { loadMyReactions(titleId).catch(console.error); }, [titleId]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (unsendable || sending) return;
    if (await send(titleId, replyTo?.threadId ?? null, text)) {
      setText('');
      setReplyTo(null);
      // The reply lands at the thread's end: it is opened whole, so the person sees it.
      if (replyTo) void replyShowing.of(replyTo.threadId).run();
    }
  }

  const answer = (threadId: number, r: ReviewView) => () => {
    setReplyTo({ threadId, login: r.author.login, text: r.text });
    field.current?.focus();
  };

  // A deleted review's thread takes no new replies (the backend refuses them too).
  const item = (r: ReviewView, thread: ReviewView) => {
    const mine = !!me && r.author.id === me.id;
    return (
      <ReviewItem
        key={r.id}
        r={r}
        body={editing === r.id ? <ReviewEditor r={r} onDone={() => setEditing(null)} /> : undefined}
        actions={(
          <div className="review__actions">
            <Reactions likes={r.likes} dislikes={r.dislikes} mine={myReactions.get(r.id)} reacting={mine ? undefined : reviewReacting.of(r.id)} />
            {!thread.deleted && <button type="button" className="review__action" onClick={answer(thread.id, r)}>Ответить</button>}
            {mine && editing !== r.id && <button type="button" className="review__action" onClick={() => setEditing(r.id)}>Изменить</button>}
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
        {r === thread && <ThreadReplies thread={thread}>{(x) => item(x, thread)}</ThreadReplies>}
      </ReviewItem>
    );
  };

  return (
    <>
      <form className="review-form" onSubmit={submit}>
        {replyTo && (
          <p className="review-form__replying">
            <span>Ответ <b>{replyTo.login}</b></span>
            <button type="button" className="review__action" onClick={() => setReplyTo(null)}>Отменить ответ</button>
          </p>
        )}
        <label className="visually-hidden" htmlFor={fieldId}>{replyTo ? `Ответ ${replyTo.login}` : 'Ваш комментарий'}</label>
        <textarea
          ref={field}
          id={fieldId}
          className="input review-form__input"
          rows={3}
          placeholder={replyTo ? `«${cut(replyTo.text, QUOTE_LENGTH)}»` : `Напишите, что думаете ${aboutKind(kind)}…`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <TextLimit text={text} max={TEXT_LIMITS.comment} />
        <div className="review-form__buttons">
          <button type="submit" className="btn" aria-busy={sending} disabled={unsendable || sending}>{replyTo ? 'Ответить' : 'Отправить'}</button>
        </div>
        {error && <p className="reviews__error" role="alert">{error}</p>}
      </form>
      {reviews.map((r) => item(r, r))}
    </>
  );
}
