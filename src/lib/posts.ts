/**
 * Profile posts as the profile shows them: author, date, text, pictures (a preview sized for
 * the feed and the full picture), like and dislike counts, and the comments under the post,
 * oldest first so the conversation reads down to the comment box, each with its replies.
 */
import { assetUrl, PRESET_SIZE } from './assets.ts';
import { personView, type PersonSource, type PersonView } from './people.ts';
import { formatDateTime, reviewThreads, type CommentSource, type ReviewView } from '../features/reviews/reviews.ts';

interface FileSource { id: string; width?: number | null; height?: number | null }
interface Reaction { type?: string | null }

export interface PostSource {
  id: number;
  text: string;
  date_created?: string | null;
  user_created?: PersonSource | string | null;
  images?: ({ directus_files_id?: FileSource | string | null } | number)[] | null;
  reactions?: (Reaction | number)[] | null;
  comments?: (CommentSource | number)[] | null;
}

export interface PostImage {
  id: string;
  /** The preview in the feed (at most 800 px a side). */
  preview: string;
  /** The picture as uploaded, for the viewer. */
  full: string;
  /** The preview's size, so the feed does not jump while pictures load. */
  width: number;
  height: number;
}

export interface PostView {
  id: number;
  text: string;
  date: string;
  author: PersonView;
  images: PostImage[];
  likes: number;
  dislikes: number;
  comments: ReviewView[];
}

const PREVIEW = PRESET_SIZE.photo;

/** The preview's size: the picture fitted inside the preset's box, never enlarged. */
export function previewSize(width: number | null | undefined, height: number | null | undefined): { width: number; height: number } {
  if (!width || !height) return { ...PREVIEW };
  const scale = Math.min(1, PREVIEW.width / width, PREVIEW.height / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

function postImages(list: PostSource['images']): PostImage[] {
  return (list ?? []).flatMap((entry) => {
    const file = typeof entry === 'object' && entry ? entry.directus_files_id : null;
    const source: FileSource | null = typeof file === 'string' ? { id: file } : file ?? null;
    if (!source?.id) return [];
    return [{ id: source.id, preview: assetUrl(source.id, 'photo')!, full: assetUrl(source.id)!, ...previewSize(source.width, source.height) }];
  });
}

export function postView(post: PostSource, timeZone?: string): PostView {
  const reactions = (post.reactions ?? []).filter((r): r is Reaction => typeof r === 'object' && r !== null);
  const comments = (post.comments ?? []).filter((c): c is CommentSource => typeof c === 'object' && c !== null);
  return {
    id: post.id,
    text: post.text,
    date: formatDateTime(post.date_created, timeZone),
    author: personView(post.user_created, 'message'),
    images: postImages(post.images),
    likes: reactions.filter((r) => r.type === 'like').length,
    dislikes: reactions.filter((r) => r.type === 'dislike').length,
    comments: reviewThreads(comments, timeZone).reverse(),
  };
}
