/**
 * Like and dislike counts of a post or a comment. Signed-in people press them: the count rises
 * once the backend accepted the reaction; its refusal (one reaction each) is shown as it says.
 * Visitors see the counts only.
 */
import { reasonOf } from '../../lib/directus/request-error.ts';
import { useState } from 'react';
import type { ReactionType } from '../../lib/directus/people.ts';

interface Props {
  likes: number;
  dislikes: number;
  /** Sends the reaction; absent for visitors. */
  onReact?: (type: ReactionType) => Promise<void>;
}

const LABELS: Record<ReactionType, string> = { like: 'Нравится', dislike: 'Не нравится' };

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
        <button key={type} type="button" className={`reactions__btn counter counter--${type}`} aria-label={`${LABELS[type]}: ${counts[type]}`} disabled={busy} onClick={() => void press(type)}>
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
