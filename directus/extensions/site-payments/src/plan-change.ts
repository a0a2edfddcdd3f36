/**
 * A change of a person's plan: role, plan and paid-until move together, inside the caller's
 * transaction, with the person's row locked, and the change is recorded in `planChanges` (who,
 * what before and after, why). Only viewers' roles move: an editor or administrator who holds a
 * plan keeps their own role.
 */
import type { Knex } from 'knex';
import { PREMIUM_ROLES, ROLES, type PlanChangeKind } from '../../../../shared/rules.ts';
import { roleOf, type PlanState } from '../../../../shared/subscription.ts';
import { locked } from '../../shared/row-lock.ts';
import { toDate, toJson } from './db.ts';
import { avatarFor, decorationsFor, DECORATIONS, type Decoration, type Kept, type Worn } from './decorations.ts';

const VIEWER_ROLES: readonly string[] = [ROLES.user, ...PREMIUM_ROLES];

export interface PlanChange {
  user: string;
  planBefore: number | null;
  planAfter: number | null;
  paidUntilBefore: Date | null;
  paidUntilAfter: Date | null;
}

export class UnknownPerson extends Error {}

/**
 * Applies `next` to the person's current plan, with the decorations the new role allows (see
 * decorations.ts), and returns what changed; the caller records it.
 */
export async function changePlan(trx: Knex.Transaction | Knex, userId: string, next: (now: PlanState) => PlanState): Promise<PlanChange> {
  const row = await locked(trx, trx('directus_users').where({ id: userId }).first('id', 'role', 'plan', 'paidUntil', 'keptDecorations', 'avatar', ...DECORATIONS));
  if (!row) throw new UnknownPerson(userId);
  const before: PlanState = { plan: row.plan === null ? null : Number(row.plan), paidUntil: toDate(row.paidUntil) };
  const after = next(before);
  const role = !VIEWER_ROLES.includes(row.role) ? row.role : after.plan === null ? ROLES.user : roleOf(after.plan);
  const update: Record<string, unknown> = { role, plan: after.plan, paidUntil: after.paidUntil };
  if (VIEWER_ROLES.includes(role)) Object.assign(update, await wearUnder(trx, role, row));
  await trx('directus_users').where({ id: userId }).update(update);
  return { user: userId, planBefore: before.plan, planAfter: after.plan, paidUntilBefore: before.paidUntil, paidUntilAfter: after.paidUntil };
}

/** What a person's row holds of what a plan decides. */
type WornRow = { avatar: string | null; keptDecorations: unknown } & Record<Decoration, unknown>;

/** What a person's row wears and keeps under `role`: decorations, avatar and the kept ones. */
async function wearUnder(trx: Knex.Transaction | Knex, role: string, row: WornRow): Promise<Record<string, unknown>> {
  const worn = Object.fromEntries(DECORATIONS.map((d) => [d, row[d] === null ? null : Number(row[d])])) as Worn;
  const decorations = decorationsFor(role, worn, toJson<Kept>(row.keptDecorations, {}));
  const file = row.avatar === null ? undefined : await trx('directus_files').where({ id: row.avatar }).first('type', 'animated');
  const moving = file !== undefined && (file.type === 'image/gif' || Boolean(file.animated));
  const avatar = avatarFor(role, { id: row.avatar, moving }, decorations.kept);
  // A kept file deleted since (by its owner, or with a report) is not put back.
  const gone = avatar.avatar !== null && avatar.avatar !== row.avatar && !(await trx('directus_files').where({ id: avatar.avatar }).first('id'));
  return { ...decorations.worn, avatar: gone ? null : avatar.avatar, keptDecorations: Object.keys(avatar.kept).length ? JSON.stringify(avatar.kept) : null };
}

/**
 * Takes off what the person's stored role does not allow. A person's own change is checked against
 * the role before it is written, outside its transaction: a plan that ended in between left it on.
 */
export async function wearAllowed(trx: Knex.Transaction | Knex, userId: string): Promise<void> {
  const row = await locked(trx, trx('directus_users').where({ id: userId }).first('role', 'keptDecorations', 'avatar', ...DECORATIONS));
  if (!row || !VIEWER_ROLES.includes(row.role)) return;
  await trx('directus_users').where({ id: userId }).update(await wearUnder(trx, row.role, row));
}

/** The `planChanges` row of a change the backend made (a payment, a refund, an expiry). */
export async function recordChange(trx: Knex.Transaction | Knex, change: PlanChange, what: { kind: PlanChangeKind; invoice?: string | null; plan?: number | null; reason?: string | null }): Promise<void> {
  await trx('planChanges').insert({
    ...change,
    kind: what.kind,
    invoice: what.invoice ?? null,
    plan: what.plan ?? null,
    reason: what.reason ?? null,
    date_created: new Date(),
  });
}
