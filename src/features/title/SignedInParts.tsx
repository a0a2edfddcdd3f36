/** The title page's parts for signed-in people, loaded together (see `signed-in.ts`). */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import KeptEpisodes from './KeptEpisodes.tsx';
import { addressedEpisode } from './addressed-episode.ts';
import { followAccount } from '../player/for-signed-in.ts';
import { TogetherButton } from '../together/for-signed-in.ts';
import PlayerMemory, { type PlayerMemoryProps } from './PlayerMemory.tsx';
import RatingPicker from './RatingPicker.tsx';
import TitleMarks from './TitleMarks.tsx';
import type { TitleKind } from '../../lib/title-kind.ts';

export { ReviewBoard } from '../reviews/index.ts';

/**
 * The player's parts: the episode the address names (a new-episode alert's link), where the person
 * stopped, «Смотреть вместе» (a room at the episode on screen), and for subscribers the episodes kept for them.
 */
export function PlayerParts(props: PlayerMemoryProps) {
  useEffect(() => { followAccount().catch((err: unknown) => console.error(err)); }, []);
  const { titleId, model, current, open } = props;
  // Opened over the first as soon as these parts are here: it wins over any place remembered (PlayerMemory).
  useEffect(() => {
    const named = addressedEpisode(model, location.search);
    if (named) open(named);
  }, [model, open]);
  return (
    <>
      <PlayerMemory {...props} />
      {current && <TogetherButton titleId={titleId} episode={model.kind === 'series' ? current.id : null} />}
      <KeptEpisodes {...props} />
    </>
  );
}

/** The banner's rating line: stars to press, the average and count (`value`), the heart and the marks. */
export function BannerActions({ titleId, kind, value }: { titleId: number; kind: TitleKind; value: ReactNode }) {
  return <><RatingPicker titleId={titleId} kind={kind} />{value}<TitleMarks titleId={titleId} /></>;
}
