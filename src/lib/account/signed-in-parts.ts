/**
 * The parts of a page only a signed-in person gets, loaded with their signed-in code (visitors
 * download none of it): the new-episode counter on the account icon, the home page's
 * 'Продолжить просмотр' row, and hiding titles marked 'Не интересно' (everywhere but the own
 * profile, whose lists are where those marks are kept). The title page's own signed-in parts
 * (the player's memory among them) load through islands/title/signed-in.ts.
 */
import { addAccountBadge } from '../../stores/signed-in-parts.ts';

/** The empty element of the home page the 'Продолжить просмотр' row goes into; the same for every visitor. */
export const CONTINUE_WATCHING_SLOT = 'continue-watching';

const failed = (err: unknown) => console.error(err);

export function loadSignedInParts(): void {
  import('../../islands/layout/AlertBadge.tsx').then((m) => addAccountBadge(m.default), failed);
  const slot = document.getElementById(CONTINUE_WATCHING_SLOT);
  if (slot) import('../../islands/home/mount-continue-watching.tsx').then((m) => m.mountContinueWatching(slot), failed);
  if (!/^\/profile(\/|$)/.test(location.pathname)) import('../../islands/lists/hide-titles.ts').then((m) => m.startHidingTitles(), failed);
}
