/**
 * The parts of everyone's account icon that only signed-in people get: the new-episode counter and
 * the unread-message counter. Their signed-in code registers each once loaded
 * (lib/account/signed-in-parts.ts, features/chat/mount-window.tsx); a visitor's page downloads this
 * module alone, and the icon renders the counters once registered.
 */
import type { ComponentType } from 'react';
import { atom } from 'nanostores';

export const $accountBadges = atom<readonly ComponentType[]>([]);

export function addAccountBadge(badge: ComponentType): void {
  if (!$accountBadges.get().includes(badge)) $accountBadges.set([...$accountBadges.get(), badge]);
}
