/**
 * One post: author, date, text, pictures opening full size, reactions and comments. Its author
 * deletes it after a confirmation; nobody else is offered the button (and the backend refuses
 * them anyway). Nobody is offered a like or dislike of what they wrote themselves.
 */
import { loginHref } from '../account/return-path.ts';
import { lazy, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { PostView } from '../../lib/posts.ts';
import { reactionKey } from '../../lib/reaction-list.ts';
import type { PostFeed } from './posts-store.ts';
import ConfirmDelete from '../../ui/ConfirmDelete.tsx';
import { Avatar, PersonName } from './index.ts';
import Comments from './Comments.tsx';
import Reactions from '../../ui/Reactions.tsx';
import LazyPart from '../../ui/LazyPart.tsx';

const ImageViewer = lazy(() => import('../../ui/ImageViewer.tsx'));

interface Props {
  post: PostView;
  feed: PostFeed;
  signedIn: boolean;
  /** The signed-in reader, when known: they delete their own post and react only to others'. */
  viewerId: string | null;
}

export default function PostCard({ post, feed, signedIn, viewerId }: Props) {
  const mine = viewerId !== null && post.author.id === viewerId;
  const myReactions = useStore(feed.$mine);
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
        {mine && (
          <ConfirmDelete
            buttonClassName="post__delete"
            question="Удалить запись?"
            consequence="Запись исчезнет из профиля вместе с комментариями и реакциями. Вернуть её не получится."
            failure="Не удалось удалить запись"
            onDelete={() => feed.remove(post.id)}
          />
        )}
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
      <Reactions likes={post.likes} dislikes={post.dislikes} mine={myReactions.get(reactionKey({ post: post.id }))} reacting={signedIn && !mine ? feed.postReacting.of(post.id) : undefined} />
      {(post.comments.length > 0 || signedIn) && (
        <Comments
          comments={post.comments}
          viewerId={viewerId}
          myReactions={myReactions}
          commenting={signedIn ? feed.commenting.of(post.id) : undefined}
          reacting={signedIn ? feed.commentReacting : undefined}
        />
      )}
      {!signedIn && <p className="post__signin"><a href={signInHref}>Войдите, чтобы оставить комментарий</a></p>}
      {viewerUsed && (
        <LazyPart fallback={null}>
          <ImageViewer images={post.images.map((img, i) => ({ src: img.full, alt: alt(i) }))} index={shown} onIndex={setShown} />
        </LazyPart>
      )}
    </article>
  );
}
