/**
 * The scheduled check's decisions (plan-checks.ts): which notice is which, which plans and
 * invoices are due, and what an invoice the gateway cannot tell about becomes.
 */
import { PLAN_REMINDER_DAYS } from '../../../../shared/plans.ts';
import type { PlanNoticeKind } from '../../../../shared/subscription.ts';
import { GatewayError } from './heleket-client.ts';

const DAY_MS = 86_400_000;
/** Reminders start this long before a plan's end: the earliest reminder. */
const REMINDERS_FROM_MS = Math.max(...PLAN_REMINDER_DAYS) * DAY_MS;
/** An invoice is first asked about this long after it was made: its payer is still on the gateway's page. */
const FIRST_CHECK_MS = 60_000;
/** An open invoice is asked about again after this long without a word. */
const RECHECK_MS = 5 * 60_000;

/**
 * One notice per person, period and reminder (7, 3 or 1 days before, or the end): a unique key, so
 * a second tick, or a second instance, never records or mails it twice.
 */
export function noticeKey(personId: string, paidUntil: Date, kind: PlanNoticeKind, reminder: number | null): string {
  return `${personId}:${paidUntil.getTime()}:${kind === 'ended' ? 'end' : reminder}`;
}

/** Plans ending after `now` and up to this moment get reminders. */
export const remindersUntil = (now: Date): Date => new Date(now.getTime() + REMINDERS_FROM_MS);

/** Open invoices made before `createdBefore` and not asked about since `checkedBefore` are asked about. */
export function recheckCutoffs(now: Date): { createdBefore: Date; checkedBefore: Date } {
  return { createdBefore: new Date(now.getTime() - FIRST_CHECK_MS), checkedBefore: new Date(now.getTime() - RECHECK_MS) };
}

/** The end of an invoice's life: the gateway's own expiry, or its making plus the configured lifetime. */
export function invoiceLife(invoice: { expiresAt: Date | null; date_created: Date | null }, lifetimeSeconds: number): Date {
  return invoice.expiresAt ?? new Date((invoice.date_created?.getTime() ?? 0) + lifetimeSeconds * 1000);
}

/**
 * After asking the gateway failed: an invoice it knows nothing of (404, 422) whose life is over
 * expires; anything else (a timeout, a life not yet over) is asked about again later.
 */
export function afterFailedCheck(err: unknown, life: Date, now: Date): 'expire' | 'ask-again' {
  const unknown = err instanceof GatewayError && (err.status === 404 || err.status === 422);
  return unknown && life.getTime() < now.getTime() ? 'expire' : 'ask-again';
}
