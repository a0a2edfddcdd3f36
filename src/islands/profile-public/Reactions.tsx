/**
 * Like and dislike counts of a post, a comment or a review. Signed-in people press them: their own
 * reaction shows pressed, pressing it again takes it back, pressing the other switches; the counts
 * change once the backend accepted it, and a refusal is shown as it says. While one is on its way
 * both wait. Visitors see the counts only.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useState } from 'react';
import type { ReactionType } from '../../lib/directus/people.ts';

interface Props {
  likes: number;
  dislikes: number;
  /** The reader's own reaction, shown pressed. */
  mine?: ReactionType | null;
  /** Sends the button pressed; absent for visitors. */
  onReact?: (type: ReactionType) => Promise<void>;
}

const LABELS: Record<ReactionType, string> = { like: 'Нравится', dislike: 'Не нравится' };

export default function Reactions({ likes, dislikes, mine = null, onReact }: Props) {
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
        <button key={type} type="button" className={`reactions__btn counter counter--${type}`} aria-label={`${LABELS[type]}: ${counts[type]}`}
          aria-pressed={mine === type} disabled={busy} onClick={() => void press(type)}>
          {counts[type]}
        </button>
      ) : (
        <span key={type} className={`reactions__count counter counter--${type}`} aria-label={`${LABELS[type]}: ${counts[type]}`} role="img">
          {counts[type]}
        </span>
      ))}
      {error && <span className="reactions__error" role="alert">{error}</span>}
    </div>
  );
}
