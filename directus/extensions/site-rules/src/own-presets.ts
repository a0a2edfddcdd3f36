/**
 * A saved view or bookmark someone of the admin app makes is their own. Directus checks a preset's
 * person only when one is sent: without it an editor made bookmarks every editor and administrator saw,
 * or defaults of another role's, and could not delete them again.
 */
import type { EventContext } from '../../shared/directus.ts';
import type { Payload, Register } from './types.ts';

export function registerOwnPresets({ filter }: Register): void {
  filter('presets.create', (payload: Payload, _meta, { accountability }: EventContext) => {
    if (!accountability?.user || accountability.admin) return payload;
    return { ...payload, user: accountability.user, role: null };
  });
}
