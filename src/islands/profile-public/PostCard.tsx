/**
 * One post: author, date, text, pictures opening full size, reactions and comments. Its author
 * deletes it after a confirmation; nobody else is offered the button (and the backend refuses
 * them anyway).
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { loginHref } from '../../lib/account/return-path.ts';
import { lazy, Suspense, useState } from 'react';
import type { PostView } from '../../lib/posts.ts';
import type { PostFeed } from '../../stores/posts.ts';
import Modal from '../layout/Modal.tsx';
import Avatar from '../people/Avatar.tsx';
import PersonName from '../people/PersonName.tsx';
import Comments from './Comments.tsx';
import Reactions from './Reactions.tsx';

const ImageViewer = lazy(() => import('../layout/ImageViewer.tsx'));

interface Props {
  post: PostView;
  feed: PostFeed;
  signedIn: boolean;
  /** The viewer wrote it. */
  mine: boolean;
}

function DeletePost({ onDelete }: { onDelete: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await onDelete();
    } catch (err) {
      console.error(err);
      setError(reasonOf(err, 'Не удалось удалить запись'));
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="post__delete" onClick={() => setOpen(true)}>Удалить</button>
      <Modal open={open} onClose={() => !busy && setOpen(false)} title="Удалить запись?">
        <p className="post__confirm-text">Запись исчезнет из профиля вместе с комментариями и реакциями. Вернуть её не получится.</p>
        {error && <p className="profile-error" role="alert">{error}</p>}
        <div className="post__confirm-buttons">
          <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)} disabled={busy}>Отмена</button>
          <button type="button" className="btn post__confirm-delete" onClick={() => void confirm()} disabled={busy}>{busy ? 'Удаляем…' : 'Удалить'}</button>
        </div>
      </Modal>
    </>
  );
}

export default function PostCard({ post, feed, signedIn, mine }: Props) {
  const [shown, setShown] = useState<number | null>(null);
  const [viewerUsed, setViewerUsed] = useState(false);
  const n = post.images.length;
  const alt = (i: number) => `Фото ${i + 1} из ${n} к записи ${post.author.login}`;
  const open = (i: number) => {
    setViewerUsed(true);
    setShown(i);
  };
  const signInHref = typeof location === 'undefined' ? '/login' : loginHref(location.pathname);

  return (
    <article className="post" data-post-id={post.id} aria-label={`Запись ${post.author.login} от ${post.date}`}>
      <header className="post__head">
        <Avatar person={post.author} size={44} />
        <div className="post__who">
          <PersonName person={post.author} />
          <time className="post__date">{post.date}</time>
        </div>
        {mine && <DeletePost onDelete={() => feed.remove(post.id)} />}
      </header>
      <p className="post__text">{post.text}</p>
      {n > 0 && (
        <div className={`post__images post__images--${Math.min(n, 3)}`}>
          {post.images.map((img, i) => (
            <button key={img.id} type="button" className="post__image" title="Открыть в полном размере" onClick={() => open(i)}>
              <img src={img.preview} alt={alt(i)} width={img.width} height={img.height} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
      <Reactions likes={post.likes} dislikes={post.dislikes} onReact={signedIn ? (type) => feed.react(post.id, { post: post.id }, type) : undefined} />
      {(post.comments.length > 0 || signedIn) && (
        <Comments
          comments={post.comments}
          onComment={signedIn ? (parentId, text) => feed.comment(post.id, parentId, text) : undefined}
          onReact={signedIn ? (commentId, type) => feed.react(post.id, { comment: commentId }, type) : undefined}
        />
      )}
      {!signedIn && <p className="post__signin"><a href={signInHref}>Войдите, чтобы оставить комментарий</a></p>}
      {viewerUsed && (
        <Suspense fallback={null}>
          <ImageViewer images={post.images.map((img, i) => ({ src: img.full, alt: alt(i) }))} index={shown} onIndex={setShown} />
        </Suspense>
      )}
    </article>
  );
}
