/**
 * Presence (spec section 4): while a person is signed in, each visible tab pings every 20 s and
 * the backend records the time as their last access; the site-wide count of people seen in the
 * last 10 minutes comes from the backend.
 */
import { atom } from 'nanostores';
import { onlineCount, pingPresence } from '../lib/directus/account.ts';
import { PRESENCE_PING_MS } from '../lib/constants.ts';
import { $session } from './session.ts';

export const $onlineCount = atom<number | null>(null);

export async function loadOnlineCount(): Promise<void> {
  try {
    $onlineCount.set(await onlineCount());
  } catch (err) {
    console.error(err);
  }
}

let timer: ReturnType<typeof setInterval> | null = null;

function ping(): void {
  if ($session.get() && document.visibilityState === 'visible') pingPresence().catch((err: unknown) => console.error(err));
}

/** Starts the pings (once per page); they stop when the person signs out. */
export function startPresence(): void {
  if (timer) return;
  ping();
  timer = setInterval(ping, PRESENCE_PING_MS);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && ping());
  $session.listen((session) => {
    if (!session && timer) {
      clearInterval(timer);
      timer = null;
    }
  });
}
