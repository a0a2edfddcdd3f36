/**
 * Like and dislike counts of a post or a comment. Signed-in people press them: the count rises
 * once the backend accepted the reaction; its refusal (one reaction each) is shown as it says.
 * Visitors see the counts only.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useState, type ReactNode } from 'react';
import type { ReactionType } from '../../lib/directus/people.ts';
import { Icon } from '../layout/icons.tsx';

interface Props {
  likes: number;
  dislikes: number;
  /** Sends the reaction; absent for visitors. */
  onReact?: (type: ReactionType) => Promise<void>;
}

const LABELS: Record<ReactionType, string> = { like: 'Нравится', dislike: 'Не нравится' };
const MARKS: Record<ReactionType, ReactNode> = {
  like: <Icon size={18}><path d="M7 10v11H4a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h3zm0 0 4-8a3 3 0 0 1 3 3v4h5.6a2 2 0 0 1 2 2.3l-1.4 8a2 2 0 0 1-2 1.7H7" /></Icon>,
  dislike: <Icon size={18}><path d="M17 14V3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1h-3zm0 0-4 8a3 3 0 0 1-3-3v-4H4.4a2 2 0 0 1-2-2.3l1.4-8a2 2 0 0 1 2-1.7H17" /></Icon>,
};

export default function Reactions({ likes, dislikes, onReact }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counts: Record<ReactionType, number> = { like: likes, dislike: dislikes };

  async function press(type: ReactionType) {
    if (!onReact || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onReact(type);
    } catch (err) {
      console.error(err);
      setError(reasonOf(err, 'Не удалось поставить реакцию'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="reactions">
      {(['like', 'dislike'] as const).map((type) => onReact ? (
        <button key={type} type="button" className="reactions__btn" aria-label={`${LABELS[type]}: ${counts[type]}`} disabled={busy} onClick={() => void press(type)}>
          {MARKS[type]}{counts[type]}
        </button>
      ) : (
        <span key={type} className="reactions__count" aria-label={`${LABELS[type]}: ${counts[type]}`} role="img">
          {MARKS[type]}{counts[type]}
        </span>
      ))}
      {error && <span className="reactions__error" role="alert">{error}</span>}
    </div>
  );
}
