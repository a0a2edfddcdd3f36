/**
 * The parts of a page only a signed-in person gets, loaded with their signed-in code (visitors
 * download none of it): the new-episode counter on the account icon, the home page's
 * 'Продолжить просмотр' row, the favourite heart on an actor's page, and hiding titles marked 'Не интересно' (everywhere but the own
 * profile, whose lists are where those marks are kept). The title page's own signed-in parts
 * (the player's memory among them) load through features/title/signed-in.ts.
 */
import { addAccountBadge } from './badges.ts';

/** The empty element of the home page the 'Продолжить просмотр' row goes into; the same for every visitor. */
export const CONTINUE_WATCHING_SLOT = 'continue-watching';
/** The empty element of an actor's page the favourite heart goes into, with the actor's id and name. */
export const FAVORITE_ACTOR_SLOT = 'favorite-actor';

const failed = (err: unknown) => console.error(err);

export function loadSignedInParts(): void {
  import('../frame/AlertBadge.tsx').then((m) => addAccountBadge(m.default), failed);
  const slot = document.getElementById(CONTINUE_WATCHING_SLOT);
  if (slot) import('../title/mount-continue-watching.tsx').then((m) => m.mountContinueWatching(slot), failed);
  const heart = document.getElementById(FAVORITE_ACTOR_SLOT);
  if (heart) import('../actor/mount-favorite-actor.tsx').then((m) => m.mountFavoriteActor(heart), failed);
  if (!/^\/profile(\/|$)/.test(location.pathname)) import('../lists/hide-titles.ts').then((m) => m.startHidingTitles(), failed);
}
