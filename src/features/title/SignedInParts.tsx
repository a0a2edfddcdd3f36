/** The title page's parts for signed-in people, loaded together (see `signed-in.ts`). */
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import KeptEpisodes from './KeptEpisodes.tsx';
import { followAccount } from '../player/for-signed-in.ts';
import { TogetherButton } from '../together/for-signed-in.ts';
import PlayerMemory, { type PlayerMemoryProps } from './PlayerMemory.tsx';
import RatingPicker from './RatingPicker.tsx';
import TitleMarks from './TitleMarks.tsx';
import type { TitleKind } from '../../lib/title-kind.ts';

export { ReviewBoard } from '../reviews/index.ts';

/**
 * The player's parts: where the person stopped, «Смотреть вместе» (a room at the episode on
 * screen), and for subscribers the episodes kept for them.
 */
export function PlayerParts(props: PlayerMemoryProps) {
  useEffect(() => { followAccount().catch((err: unknown) => console.error(err)); }, []);
  const { titleId, model, current } = props;
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
