/**
 * A person's posts on their profile: pages newest first through the shared remote list
 * ('Показать еще'), and what is done to them on this page — a post published or deleted, a
 * reaction or a comment added — kept as the backend answered it. Counters change only after
 * the backend accepted the change. Publishing, commenting and reacting are tasks (their pending
 * state and the backend's reason when refused); deleting is the confirm dialog's own.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { myReactions, setReaction, type ReactionChange, type ReactionType, type Target } from '../../lib/directus/reactions.ts';
import { POSTS_PAGE_SIZE } from '../../lib/constants.ts';
import { postView, type PostSource, type PostView } from '../../lib/posts.ts';
import { changeReactions, pressedReaction, reactionKey } from '../../lib/reaction-list.ts';
import { remoteList, type ListState, type RemoteList } from '../../ui/remote-list.ts';
import { task, taskPerKey, type Task, type TaskPerKey } from '../../ui/task.ts';
import { $isSignedIn } from '../account/session.ts';
import { comment, createPost, deletePost, discardUploads, readPosts } from './directus.ts';

export interface PostFeed {
  /** The posts shown, newest first, as the screen draws them. */
  $posts: ReadableAtom<PostView[]>;
  /** Loading, failure and 'Показать еще' of the backend's pages. */
  $pages: ReadableAtom<ListState<PostSource>>;
  pages: RemoteList<PostSource, string>;
  /** The reader's own like or dislike of each post and comment shown, by `reactionKey`. */
  $mine: ReadableAtom<ReadonlyMap<string, ReactionType>>;
  /** Loads the first page. */
  open(): Promise<void>;
  /** Uploads the pictures, then publishes the post on the signed-in person's own profile. */
  publishing: Task<[text: string, files: File[]]>;
  remove(postId: number): Promise<void>;
  /** A like or dislike pressed on a post (by its id) or a comment (by its id): one's own pressed again is taken back, the other replaces it. */
  postReacting: TaskPerKey<number, [type: ReactionType]>;
  commentReacting: TaskPerKey<number, [type: ReactionType]>;
  /** A comment under the post (keyed by the post; no parent) or a reply to one of its comments. */
  commenting: TaskPerKey<number, [parentId: number | null, text: string]>;
}

function withReaction(post: PostSource, target: Target, { before, after }: ReactionChange): PostSource {
  const change = (list: PostSource['reactions']) => changeReactions(list, before?.id ?? null, after);
  if ('post' in target) return { ...post, reactions: change(post.reactions) };
  return {
    ...post,
    comments: (post.comments ?? []).map((c) => (typeof c === 'object' && c.id === target.comment ? { ...c, reactions: change(c.reactions) } : c)),
  };
}

const REACTION_FAILED = 'Не удалось поставить реакцию';

export function postFeed(authorId: string): PostFeed {
  const $published = atom<PostSource[]>([]);
  const $changed = atom<ReadonlyMap<number, PostSource>>(new Map());
  const $deleted = atom<ReadonlySet<number>>(new Set());
  const $mine = atom<ReadonlyMap<string, ReactionType>>(new Map());

  /** Which of these posts and their comments the reader liked or disliked; a failure leaves them unpressed. */
  const readMine = (posts: PostSource[]) => {
    if (!$isSignedIn.get() || posts.length === 0) return;
    myReactions({ posts: posts.map((p) => p.id) }).then((rows) => {
      const mine = new Map($mine.get());
      for (const r of rows) mine.set(r.post !== null ? reactionKey({ post: r.post }) : reactionKey({ comment: r.comment! }), r.type);
      $mine.set(mine);
    }, (err: unknown) => console.error(err));
  };

  /** Every post on the page as it now stands. */
  const current = (items: PostSource[], published: PostSource[], changed: ReadonlyMap<number, PostSource>, deleted: ReadonlySet<number>) =>
    [...published, ...items].filter((p) => !deleted.has(p.id)).map((p) => changed.get(p.id) ?? p);

  const pages: RemoteList<PostSource, string> = remoteList(async (author, page) => {
    // Posts published or deleted here moved the backend's list: the next page starts after
    // what is shown now, and nothing shown already comes twice.
    const shown = page === 1 ? [] : current(pages.$state.get().items, $published.get(), $changed.get(), $deleted.get());
    const { items, total } = await readPosts(author, shown.length, POSTS_PAGE_SIZE);
    readMine(items);
    const seen = new Set([...shown, ...$published.get()].map((p) => p.id));
    const remaining = Math.max(0, total - shown.length - items.length);
    // The list offers more while page × size < total: so the total is the pages so far plus what remains.
    return { items: items.filter((p) => !seen.has(p.id)), total: (page - 1) * POSTS_PAGE_SIZE + items.length + remaining };
  }, { pageSize: POSTS_PAGE_SIZE });

  const $current = computed([pages.$state, $published, $changed, $deleted], (s, published, changed, deleted) =>
    current(s.items, published, changed, deleted));

  const find = (postId: number) => $current.get().find((p) => p.id === postId);
  const change = (post: PostSource) => $changed.set(new Map($changed.get()).set(post.id, post));

  const react = async (postId: number, target: Target, type: ReactionType) => {
    const key = reactionKey(target);
    const changed = await setReaction(target, pressedReaction($mine.get().get(key), type));
    const post = find(postId);
    if (post) change(withReaction(post, target, changed));
    const mine = new Map($mine.get());
    if (changed.after) mine.set(key, changed.after.type);
    else mine.delete(key);
    $mine.set(mine);
  };

  return {
    $posts: computed($current, (posts) => posts.map((p) => postView(p))),
    $pages: pages.$state,
    pages,
    $mine,
    open: () => pages.show(authorId),

    publishing: task(async (text: string, files: File[]) => {
      const { uploadPicture } = await import('../../lib/directus/account.ts');
      const uploaded: string[] = [];
      try {
        for (const file of files) uploaded.push(await uploadPicture(file));
        const post = await createPost(text.trim(), uploaded);
        $published.set([post, ...$published.get()]);
      } catch (err) {
        await discardUploads(uploaded).catch((cleanup: unknown) => console.error(cleanup));
        throw err;
      }
    }, 'Не удалось опубликовать запись'),

    async remove(postId) {
      await deletePost(postId);
      $deleted.set(new Set($deleted.get()).add(postId));
    },

    postReacting: taskPerKey((postId: number, type: ReactionType) => react(postId, { post: postId }, type), REACTION_FAILED),
    commentReacting: taskPerKey((commentId: number, type: ReactionType) => {
      const post = $current.get().find((p) => (p.comments ?? []).some((c) => typeof c === 'object' && c.id === commentId));
      return post ? react(post.id, { comment: commentId }, type) : Promise.resolve();
    }, REACTION_FAILED),

    commenting: taskPerKey(async (postId: number, parentId: number | null, text: string) => {
      const created = await comment(parentId === null ? { post: postId } : { comment: parentId }, text.trim());
      const post = find(postId);
      if (post) change({ ...post, comments: [...(post.comments ?? []), created] });
    }, 'Не удалось отправить комментарий'),
  };
}
