/** «Смотреть вместе» on a title's player: makes a room for the title at the episode on screen and opens it. */
import { useTask } from '../../ui/use-task.ts';
import { creatingRoom } from './entry-store.ts';

export default function TogetherButton({ titleId, episode }: { titleId: number; episode: number | null }) {
  const creating = useTask(creatingRoom);
  return (
    <p className="together-entry">
      <button type="button" className="player__resume-btn together-entry__btn" disabled={creating.pending} onClick={() => void creating.run(titleId, episode)}>
        {creating.pending ? 'Создаём комнату…' : 'Смотреть вместе'}
      </button>
      {creating.error && <span className="player__marks-error" role="alert">{creating.error}</span>}
    </p>
  );
}
