/**
 * The account icon's alerts of the signed-in person: unread new-episode alerts and reminders that
 * their plan ends, counted by the backend at most once a minute whatever the number of tabs and
 * pages (the last answer and its time are shared through localStorage), and only while a tab is
 * visible. Marking alerts or reminders read lowers the count at once.
 */
import { atom } from 'nanostores';
import { countUnreadPlanNotices } from '../../lib/directus/payments.ts';
import { readItem, removeItem, writeItem } from '../../lib/storage.ts';
import { $session } from '../account/session.ts';
import { countUnreadAlerts, markAlertsRead, markAllAlertsRead } from './directus.ts';

/** The backend is asked at most this often. */
const ALERTS_POLL_MS = 60_000;

export const $unreadAlerts = atom<number | null>(null);
/** Unread reminders that the plan ends or has ended (shown on the profile's Профиль tab). */
export const $unreadPlanNotices = atom<number | null>(null);

const KEY = 'unreadAlerts';

interface Known { at: number; count: number; plan: number }

function known(): Known | null {
  try {
    const k = JSON.parse(readItem(KEY) ?? 'null') as Known | null;
    return k && Number.isFinite(k.at) && Number.isInteger(k.count) ? { ...k, plan: Number.isInteger(k.plan) ? k.plan : 0 } : null;
  } catch {
    return null;
  }
}

function show(k: Known | null): void {
  $unreadAlerts.set(k?.count ?? null);
  $unreadPlanNotices.set(k?.plan ?? null);
}

function remember(change: Partial<Omit<Known, 'at'>>, at = known()?.at ?? Date.now()): void {
  const last = known();
  const next = { at, count: change.count ?? last?.count ?? 0, plan: change.plan ?? last?.plan ?? 0 };
  show(next);
  writeItem(KEY, JSON.stringify(next));
}

let timer: ReturnType<typeof setTimeout> | null = null;

async function check(): Promise<void> {
  timer = null;
  if (!$session.get()) return;
  const last = known();
  const due = !last || Date.now() - last.at >= ALERTS_POLL_MS;
  if (last) show(last);
  if (due && document.visibilityState === 'visible') {
    // Claimed before asking, so another tab waiting on the same minute does not ask too.
    writeItem(KEY, JSON.stringify({ at: Date.now(), count: last?.count ?? 0, plan: last?.plan ?? 0 }));
    try {
      const [count, plan] = await Promise.all([countUnreadAlerts(), countUnreadPlanNotices()]);
      remember({ count, plan });
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
    if (e.key === KEY) show(known());
  });
  // Signing out forgets the count: the next person starts afresh.
  $session.listen((session) => {
    if (session) return;
    removeItem(KEY);
    show(null);
  });
}

/** Marks alerts read; the count drops by those that were unread. */
export async function readAlerts(ids: number[], wereUnread: number): Promise<void> {
  await markAlertsRead(ids);
  remember({ count: Math.max(0, ($unreadAlerts.get() ?? 0) - wereUnread) });
}

export async function readAllAlerts(): Promise<void> {
  await markAllAlertsRead();
  remember({ count: 0 });
}

/** The person has seen these plan reminders: they are marked read and leave the count. */
export function planNoticesSeen(unreadLeft: number): void {
  remember({ plan: unreadLeft });
}
