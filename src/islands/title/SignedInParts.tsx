/** The title page's parts for signed-in people, loaded together (see `signed-in.ts`). */
import type { ReactNode } from 'react';
import RatingPicker from './RatingPicker.tsx';
import TitleMarks from './TitleMarks.tsx';

export { default as ReviewBoard } from './ReviewBoard.tsx';
export { default as PlayerMemory } from './PlayerMemory.tsx';

/** The banner's rating line: stars to press, the average and count (`value`), the heart and the marks. */
export function BannerActions({ titleId, value }: { titleId: number; value: ReactNode }) {
  return <><RatingPicker titleId={titleId} />{value}<TitleMarks titleId={titleId} /></>;
}
