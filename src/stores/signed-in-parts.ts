/**
 * The part of everyone's account icon that only signed-in people get: the new-episode counter.
 * Their signed-in code registers it once loaded (lib/account/signed-in-parts.ts); a visitor's page
 * downloads this module alone, and the icon renders the counter once registered.
 */
import type { ComponentType } from 'react';
import { atom } from 'nanostores';

export const $accountBadge = atom<ComponentType | null>(null);
