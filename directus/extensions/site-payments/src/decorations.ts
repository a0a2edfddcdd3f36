/**
 * Decorations follow the plan. When a role no longer allows one (a plan ended, or moved from
 * Премиум+ to Премиум), it is taken off the profile, so no read anywhere shows it, and kept in
 * `keptDecorations`; a role that allows it again puts it back. Taking one off by hand, or
 * choosing another, forgets the kept one.
 */
import { DECOR_ROLES, PREMIUM_ROLES } from '../../../../shared/rules.ts';

export const DECORATIONS = ['nameColor', 'frame', 'background'] as const;
export type Decoration = (typeof DECORATIONS)[number];
export type Worn = Record<Decoration, number | null>;
/** Decorations kept aside, and a GIF avatar (its file's id). */
export type Kept = Partial<Record<Decoration, number>> & { avatar?: string };

export function allows(role: string, decoration: Decoration): boolean {
  return (decoration === 'nameColor' ? PREMIUM_ROLES : DECOR_ROLES).includes(role);
}

/** What the profile wears and keeps under `role`. */
export function decorationsFor(role: string, worn: Worn, kept: Kept): { worn: Worn; kept: Kept } {
  const next = { worn: { ...worn }, kept: { ...kept } };
  for (const d of DECORATIONS) {
    if (allows(role, d)) {
      if (next.worn[d] === null && next.kept[d] !== undefined) next.worn[d] = next.kept[d]!;
      delete next.kept[d];
    } else if (next.worn[d] !== null) {
      next.kept[d] = next.worn[d]!;
      next.worn[d] = null;
    }
  }
  return next;
}

/**
 * A GIF avatar is a plan's too, and it moves on the site (Directus serves a GIF as it is, even by a
 * preset): one the role no longer allows is kept aside like a decoration, and put back by a role that
 * allows it while the person has chosen no other.
 */
export function avatarFor(role: string, avatar: { id: string | null; moving: boolean }, kept: Kept): { avatar: string | null; kept: Kept } {
  const next = { ...kept };
  if (!PREMIUM_ROLES.includes(role)) {
    if (!avatar.moving || avatar.id === null) return { avatar: avatar.id, kept: next };
    return { avatar: null, kept: { ...next, avatar: avatar.id } };
  }
  const back = avatar.id === null ? next.avatar ?? null : avatar.id;
  delete next.avatar;
  return { avatar: back, kept: next };
}

/** The kept decorations (and avatar) less those the person has just set or taken off themselves. */
export function forgetChosen(kept: Kept, payload: Record<string, unknown>): Kept | null {
  const changed = [...DECORATIONS, 'avatar' as const].filter((d) => d in payload && kept[d] !== undefined);
  if (!changed.length) return null;
  const next = { ...kept };
  for (const d of changed) delete next[d];
  return next;
}
