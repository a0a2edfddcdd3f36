/**
 * How a plan's period moves, the same for the backend that grants it and the tariff screen that
 * says beforehand what a payment will do.
 *
 * - A renewal of the same plan extends from the later of now and the day it is paid until.
 * - Moving to the other plan while time is left keeps that time's worth: the time left is
 *   converted at the ratio of the two prices (20 days of Премиум at 399 ₽ are 11.4 days of
 *   Премиум+ at 699 ₽, and 20 days of Премиум+ are 35 days of Премиум), and the new plan's paid
 *   days come after it. The new plan starts at once.
 * - A refund takes back the days the invoice paid for, converted the same way when the plan has
 *   changed since; what is left of the period stays.
 */
import { PLANS, PLAN_REMINDER_DAYS, SUBSCRIPTION_DAYS } from './plans.ts';

export const DAY_MS = 86_400_000;

/** A person's plan: its id (null without one) and the moment it is paid until. */
export interface PlanState {
  plan: number | null;
  paidUntil: Date | null;
}

export function priceOf(planId: number): number {
  const plan = PLANS.find((p) => p.id === planId);
  if (!plan) throw new Error(`Unknown plan ${planId}`);
  return plan.price;
}

export function roleOf(planId: number): string {
  const plan = PLANS.find((p) => p.id === planId);
  if (!plan) throw new Error(`Unknown plan ${planId}`);
  return plan.role;
}

/** Time left on the plan at `now`, in ms (0 without a plan or after its end). */
export function timeLeft(state: PlanState, now: Date): number {
  if (state.plan === null || !state.paidUntil) return 0;
  return Math.max(0, state.paidUntil.getTime() - now.getTime());
}

/** `ms` of plan `from` as time of plan `to`, at the ratio of their prices. */
export function convertTime(ms: number, from: number, to: number): number {
  return from === to ? ms : (ms * priceOf(from)) / priceOf(to);
}

/** What the person has on plan `planId` once `days` of it are paid. */
export interface AfterPurchase {
  plan: number;
  paidUntil: Date;
  /** Time carried over from the plan before (converted when it was the other plan), in ms. */
  carried: number;
}

export function afterPurchase(state: PlanState, planId: number, now: Date, days: number = SUBSCRIPTION_DAYS): AfterPurchase {
  const left = timeLeft(state, now);
  const carried = state.plan === null ? 0 : convertTime(left, state.plan, planId);
  return { plan: planId, paidUntil: new Date(now.getTime() + carried + days * DAY_MS), carried };
}

/** The plan after taking back `days` of plan `planId`: it ends now when nothing is left. */
export function afterRefund(state: PlanState, planId: number, now: Date, days: number = SUBSCRIPTION_DAYS): PlanState {
  const left = timeLeft(state, now);
  if (state.plan === null || left === 0) return { plan: null, paidUntil: state.paidUntil };
  const rest = left - convertTime(days * DAY_MS, planId, state.plan);
  return rest > 0 ? { plan: state.plan, paidUntil: new Date(now.getTime() + rest) } : { plan: null, paidUntil: now };
}

/**
 * The one way days are counted on every screen and in every letter: whole days, rounded down (a
 * part of a day is never called a day), said with the day they run to beside them. 64.25 days
 * are 64; less than a day is 0, said as «меньше дня».
 */
export function wholeDays(ms: number): number {
  return Math.max(0, Math.floor(ms / DAY_MS));
}

/** Whole days from `now` to `paidUntil` (0 after it). */
export function daysLeft(paidUntil: Date, now: Date): number {
  return wholeDays(paidUntil.getTime() - now.getTime());
}

/** '12 дн.', or 'меньше дня' when not a whole day is left. */
export function daysWord(days: number): string {
  return days > 0 ? `${days} дн.` : 'меньше дня';
}

/** A period up to `until` said with its day beside it: '12 дн. (до 08.12.2026)'. */
export function daysUntil(until: Date, now: Date, timeZone?: string): string {
  return `${daysWord(daysLeft(until, now))} (до ${dayOf(until, timeZone)})`;
}

/** The reminder due at `now`: the smallest of 7, 3 and 1 days the time left has come within; null before 7 days. */
export function reminderDue(paidUntil: Date, now: Date): number | null {
  const left = paidUntil.getTime() - now.getTime();
  if (left <= 0) return null;
  const reached = PLAN_REMINDER_DAYS.filter((d) => left <= d * DAY_MS);
  return reached.length ? Math.min(...reached) : null;
}

/** dd.mm.yyyy of a moment; the site passes no zone (the person's own), mail says it in Moscow time. */
export function dayOf(at: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(at);
}

/** The plan line of the profile: 'Премиум до 26.12.2026 · осталось 29 дн.'. */
export function planLine(planName: string, paidUntil: Date, now: Date, timeZone?: string): string {
  return `${planName} до ${dayOf(paidUntil, timeZone)} · осталось ${daysWord(daysLeft(paidUntil, now))}`;
}

export type PlanNoticeKind = 'ending' | 'ended';

/**
 * What a reminder says, on the site and in the letter: the days left at `now` (when it is shown,
 * or when the letter goes), by the rule above, beside the day the plan ends.
 */
export function planNoticeText(n: { kind: PlanNoticeKind; planName: string; paidUntil: Date }, now: Date, timeZone?: string): { heading: string; text: string } {
  const day = dayOf(n.paidUntil, timeZone);
  if (n.kind === 'ended' || n.paidUntil.getTime() <= now.getTime()) {
    return {
      heading: `Подписка «${n.planName}» закончилась`,
      text: `Подписка «${n.planName}» закончилась ${day}. Выбранные украшения сохранены: они вернутся, как только вы продлите подписку.`,
    };
  }
  return {
    heading: `Подписка «${n.planName}» закончится ${day}: осталось ${daysWord(daysLeft(n.paidUntil, now))}`,
    text: `Подписка «${n.planName}» оплачена до ${day}. Продлите её, чтобы не потерять доступ к сериям для подписчиков и украшения профиля.`,
  };
}
