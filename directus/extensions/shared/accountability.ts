/** Who is acting. Internal calls (no accountability) and admins bypass the per-user rules. */
export interface Actor {
  user?: string | null;
  role?: string | null;
  roles?: string[];
  admin?: boolean;
  ip?: string | null;
}

export function isPrivileged(a: Actor | null | undefined): boolean {
  return !a || a.admin === true;
}

export function hasAnyRole(a: Actor | null | undefined, roles: readonly string[]): boolean {
  if (!a) return false;
  const own = new Set([...(a.roles ?? []), ...(a.role ? [a.role] : [])]);
  return roles.some((r) => own.has(r));
}
