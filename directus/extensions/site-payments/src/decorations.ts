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
export type Kept = Partial<Record<Decoration, number>>;

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

/** The kept decorations less those the person has just set or taken off themselves. */
export function forgetChosen(kept: Kept, payload: Record<string, unknown>): Kept | null {
  const changed = DECORATIONS.filter((d) => d in payload && kept[d] !== undefined);
  if (!changed.length) return null;
  const next = { ...kept };
  for (const d of changed) delete next[d];
  return next;
}
