/**
 * The person's posts, newest first, a page at a time ('Показать еще'); on one's own profile the
 * post box above them (loaded only there).
 */
import { lazy, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { postFeed } from './posts-store.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import PostCard from './PostCard.tsx';
import type { Viewer } from './use-viewer.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import './posts.css';

const PostComposer = lazy(() => import('./PostComposer.tsx'));

interface Props {
  authorId: string;
  login: string;
  viewer: Viewer;
  own: boolean;
}

export default function PostFeed({ authorId, login, viewer, own }: Props) {
  const [feed] = useState(() => postFeed(authorId));
  const posts = useStore(feed.$posts);
  const pages = useStore(feed.$pages);

  useEffect(() => {
    void feed.open();
  }, [feed]);

  // Reacting and commenting need only the session; which posts are one's own needs the profile.
  const signedIn = viewer.kind === 'person' || viewer.kind === 'unknown';
  return (
    <section className="post-feed" aria-labelledby="post-feed-title">
      <h2 id="post-feed-title" className="post-feed__title">Записи</h2>
      {own && (
        <LazyPart fallback={<p className="list-status" role="status">Загружаем…</p>}>
          <PostComposer publishing={feed.publishing} />
        </LazyPart>
      )}
      {posts.map((post) => (
        <PostCard key={post.id} post={post} feed={feed} signedIn={signedIn} viewerId={viewer.kind === 'person' ? viewer.id : null} />
      ))}
      {pages.status === 'ready' && posts.length === 0 && (
        <p className="post-feed__empty">{own ? 'У вас пока нет записей. Расскажите, что смотрите!' : `У ${login} пока нет записей.`}</p>
      )}
      <ListFooter state={pages} list={feed.pages} />
    </section>
  );
}
