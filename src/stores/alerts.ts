/**
 * New-episode alerts of the signed-in person: the unread count, asked of the backend at most once
 * a minute whatever the number of tabs and pages (the last answer and its time are shared through
 * localStorage), and only while a tab is visible. Marking alerts read lowers it at once.
 */
import { atom } from 'nanostores';
import { countUnreadAlerts, markAlertsRead, markAllAlertsRead } from '../lib/directus/alerts.ts';
import { $session } from './session.ts';
import { readItem, removeItem, writeItem } from './storage.ts';

/** The backend is asked at most this often. */
const ALERTS_POLL_MS = 60_000;

export const $unreadAlerts = atom<number | null>(null);

const KEY = 'unreadAlerts';

interface Known { at: number; count: number }

function known(): Known | null {
  try {
    const k = JSON.parse(readItem(KEY) ?? 'null') as Known | null;
    return k && Number.isFinite(k.at) && Number.isInteger(k.count) ? k : null;
  } catch {
    return null;
  }
}

function remember(count: number, at = known()?.at ?? Date.now()): void {
  $unreadAlerts.set(count);
  writeItem(KEY, JSON.stringify({ at, count }));
}

let timer: ReturnType<typeof setTimeout> | null = null;

async function check(): Promise<void> {
  timer = null;
  if (!$session.get()) return;
  const last = known();
  const due = !last || Date.now() - last.at >= ALERTS_POLL_MS;
  if (last) $unreadAlerts.set(last.count);
  if (due && document.visibilityState === 'visible') {
    // Claimed before asking, so another tab waiting on the same minute does not ask too.
    writeItem(KEY, JSON.stringify({ at: Date.now(), count: last?.count ?? 0 }));
    try {
      remember(await countUnreadAlerts());
    } catch (err) {
      console.error(err);
    }
  }
  const next = known();
  timer = setTimeout(() => void check(), next ? Math.max(1_000, next.at + ALERTS_POLL_MS - Date.now()) : ALERTS_POLL_MS);
}

let started = false;

/** Starts keeping the count (once per page). */
export function watchAlerts(): void {
  if (started) return;
  started = true;
  void check();
  // A tab coming back asks at once if the minute is over (check() keeps to it).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    if (timer) clearTimeout(timer);
    void check();
  });
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) $unreadAlerts.set(known()?.count ?? null);
  });
  // Signing out forgets the count: the next person starts afresh.
  $session.listen((session) => {
    if (session) return;
    removeItem(KEY);
    $unreadAlerts.set(null);
  });
}

/** Marks alerts read; the count drops by those that were unread. */
export async function readAlerts(ids: number[], wereUnread: number): Promise<void> {
  await markAlertsRead(ids);
  remember(Math.max(0, ($unreadAlerts.get() ?? 0) - wereUnread));
}

export async function readAllAlerts(): Promise<void> {
  await markAllAlertsRead();
  remember(0);
}
