/**
 * What the tariff screen says before paying: when the chosen plan starts and until when it will
 * be paid, by the rules the backend grants with (shared/subscription.ts): a renewal adds its days
 * after those left, a move to the other plan converts the days left at the ratio of the prices.
 * Also the words of an invoice's state for the return page and the history.
 */
import { type InvoiceStatus } from '../../shared/rules.ts';
import { PLANS, SUBSCRIPTION_DAYS } from '../../shared/plans.ts';
import { afterPurchase, convertTime, DAY_MS, dayOf, daysLeft, timeLeft, type PlanState } from '../../shared/subscription.ts';

const nameOf = (id: number) => PLANS.find((p) => p.id === id)?.name ?? `Тариф ${id}`;
const price = (id: number) => `${PLANS.find((p) => p.id === id)?.price ?? '?'} ₽`;
/** Days with one decimal where it matters: '11,4 дн.'. */
const days = (ms: number) => `${(Math.round((ms / DAY_MS) * 10) / 10).toLocaleString('ru-RU')} дн.`;

export interface PurchaseOutcome {
  /** Renewal, start or move: the headline of the note. */
  kind: 'start' | 'renewal' | 'move';
  text: string;
  /** The day the chosen plan will be paid until. */
  until: Date;
}

export function purchaseOutcome(state: PlanState, planId: number, now: Date): PurchaseOutcome {
  const after = afterPurchase(state, planId, now);
  const until = dayOf(after.paidUntil);
  const left = timeLeft(state, now);
  if (state.plan === null || left === 0) {
    return { kind: 'start', until: after.paidUntil, text: `«${nameOf(planId)}» начнётся сразу после оплаты и будет оплачен на ${SUBSCRIPTION_DAYS} дн., до ${until}.` };
  }
  if (state.plan === planId) {
    return { kind: 'renewal', until: after.paidUntil, text: `Продление: ${SUBSCRIPTION_DAYS} дн. добавятся к оставшимся ${daysLeft(state.paidUntil!, now)} дн. — «${nameOf(planId)}» будет оплачен до ${until}.` };
  }
  const converted = convertTime(left, state.plan, planId);
  return {
    kind: 'move',
    until: after.paidUntil,
    text: `Сейчас у вас «${nameOf(state.plan)}» ещё на ${days(left)} После оплаты сразу начнётся «${nameOf(planId)}»: оставшиеся дни не пропадут — ` +
      `они пересчитаются по цене тарифов (${price(state.plan)} и ${price(planId)} в месяц) в ${days(converted)} «${nameOf(planId)}», ` +
      `и к ним добавятся ${SUBSCRIPTION_DAYS} оплаченных дн. — до ${until}.`,
  };
}

export const INVOICE_STATUS_WORDS: Record<InvoiceStatus, string> = {
  pending: 'Ждёт оплаты',
  underpaid: 'Оплачен не полностью',
  paid: 'Оплачен',
  failed: 'Не оплачен',
  expired: 'Отменён',
  refunded: 'Деньги возвращены',
};

/** '399 ₽' for roubles, '12.50 USDT' otherwise; whole roubles without kopecks. */
export function money(amount: string | number, currency: string): string {
  const n = Number(amount);
  if (currency === 'RUB') return `${Number.isInteger(n) ? n : n.toFixed(2).replace('.', ',')} ₽`;
  return `${n.toFixed(2)} ${currency}`;
}
