/**
 * Like and dislike counts of a post, a comment or a review. Signed-in people press them: their own
 * reaction shows pressed, pressing it again takes it back, pressing the other switches; the counts
 * change once the backend accepted it, and a refusal is shown as it says. While one is on its way
 * both wait. Visitors see the counts only.
 */
import type { ReactionType } from '../lib/directus/reactions.ts';
import type { Task } from './task.ts';
import { useTask } from './use-task.ts';

interface Props {
  likes: number;
  dislikes: number;
  /** The reader's own reaction, shown pressed. */
  mine?: ReactionType | null;
  /** Sends the button pressed (the item's own task); absent for visitors. */
  reacting?: Task<[type: ReactionType]>;
}

const LABELS: Record<ReactionType, string> = { like: 'Нравится', dislike: 'Не нравится' };
const TYPES = ['like', 'dislike'] as const;

function Pressable({ counts, mine, reacting }: { counts: Record<ReactionType, number>; mine: ReactionType | null; reacting: Task<[type: ReactionType]> }) {
  const { pending, error, run } = useTask(reacting);
  return (
    <div className="reactions">
      {TYPES.map((type) => (
        <button key={type} type="button" className={`reactions__btn counter counter--${type}`} aria-label={`${LABELS[type]}: ${counts[type]}`}
          aria-pressed={mine === type} disabled={pending} onClick={() => void run(type)}>
          {counts[type]}
        </button>
      ))}
      {error && <span className="reactions__error" role="alert">{error}</span>}
    </div>
  );
}

export default function Reactions({ likes, dislikes, mine = null, reacting }: Props) {
  const counts: Record<ReactionType, number> = { like: likes, dislike: dislikes };
  if (reacting) return <Pressable counts={counts} mine={mine} reacting={reacting} />;
  return (
    <div className="reactions">
      {TYPES.map((type) => (
        <span key={type} className={`reactions__count counter counter--${type}`} aria-label={`${LABELS[type]}: ${counts[type]}`} role="img">
          {counts[type]}
        </span>
      ))}
    </div>
  );
}
