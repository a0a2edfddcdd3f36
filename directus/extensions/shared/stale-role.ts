/**
 * A token carries the role it was signed with, and Directus takes that role for the caller's until
 * the token expires: a session cookie lives a day. A plan that ends, is refunded or is revoked, or an
 * editor's role taken away, changes only the stored role, so the old token went on reading what
 * subscribers read. A token is refused as expired when it claims more than the plain User role and
 * not the role stored now; the refresh that follows signs one with the role the person holds. A token
 * claiming the User role reaches no more than the person holds, so a plan just paid needs no new one.
 */
import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import { ROLES } from '../../../shared/rules.ts';

export interface ClaimedRole { user: string; role: string | null }

/** The person and role a Directus token claims, read without checking it: it is only ever refused here, never trusted. */
export function claimedRole(token: unknown): ClaimedRole | null {
  const claims = typeof token === 'string' ? jwt.decode(token) : null;
  if (!claims || typeof claims !== 'object' || claims.iss !== 'directus' || typeof claims.id !== 'string') return null;
  return { user: claims.id, role: typeof claims.role === 'string' ? claims.role : null };
}

/** Whether a token claiming `claimed` outlived the role it names: `stored` is the person's role now, undefined when they are gone. */
export function outlivesRole(claimed: string | null, stored: string | null | undefined): boolean {
  return stored !== undefined && claimed !== stored && claimed !== ROLES.user;
}

/** The person's role now; undefined when they are gone. */
export async function storedRole(database: Knex, user: string): Promise<string | null | undefined> {
  const row: { role: string | null } | undefined = await database('directus_users').where({ id: user }).first('role');
  return row ? row.role : undefined;
}

/** Whether `token` claims a role its person no longer holds, as outlivesRole decides. */
export async function isStaleRoleToken(database: Knex, token: unknown): Promise<boolean> {
  const claimed = claimedRole(token);
  // A User token is never stale (outlivesRole): no read for it.
  if (!claimed || claimed.role === ROLES.user) return false;
  return outlivesRole(claimed.role, await storedRole(database, claimed.user));
}
