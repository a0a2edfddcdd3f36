/**
 * The title feature as others see it: who is on the title page and its signed-in parts, the heart
 * icon, and the home page's 'Продолжить просмотр' row (its code loads for signed-in people only).
 */
export { signedInPart, useSignedIn } from './signed-in.ts';
export { default as HeartIcon } from './HeartIcon.tsx';

/** Puts the 'Продолжить просмотр' row into its slot on the home page. */
export const showContinueWatching = (slot: HTMLElement): Promise<void> =>
  import('./mount-continue-watching.tsx').then((m) => m.mountContinueWatching(slot));
