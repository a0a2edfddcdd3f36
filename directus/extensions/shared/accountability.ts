/** Who is acting. Internal calls (no accountability) and admins bypass the per-user rules. */
export interface Actor {
  user?: string | null;
  role?: string | null;
  roles?: string[];
  admin?: boolean;
  /** Admin app access: editors. */
  app?: boolean;
  ip?: string | null;
}

export function isPrivileged(a: Actor | null | undefined): boolean {
  return !a || a.admin === true;
}

/** Administrators and editors (the admin app's people), who work under the wider limits. */
export const isStaff = (a: Actor | null | undefined): boolean => a?.admin === true || a?.app === true;

export function hasAnyRole(a: Actor | null | undefined, roles: readonly string[]): boolean {
  if (!a) return false;
  const own = new Set([...(a.roles ?? []), ...(a.role ? [a.role] : [])]);
  return roles.some((r) => own.has(r));
}
