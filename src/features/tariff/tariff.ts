/**
 * What the tariff screen says before paying: when the chosen plan starts and until when it will
 * be paid, by the rules the backend grants with (shared/subscription.ts): a renewal adds its days
 * after those left, a move to the other plan converts the days left at the ratio of the prices.
 * Also the words of an invoice's state for the return page and the history.
 */
import { type InvoiceStatus } from '../../../shared/rules.ts';
import { PLANS, SUBSCRIPTION_DAYS } from '../../../shared/plans.ts';
import { afterPurchase, convertTime, dayOf, daysLeft, daysUntil, daysWord, timeLeft, type PlanState } from '../../../shared/subscription.ts';

const planOf = (id: number) => PLANS.find((p) => p.id === id);
const nameOf = (id: number) => planOf(id)?.name ?? `Тариф ${id}`;
const price = (id: number) => `${planOf(id)?.price ?? '?'} ₽`;

/** What plan `from` gives that plan `to` does not, as its feature names. */
export function featuresLost(from: number, to: number): string[] {
  const kept = new Set<string>(planOf(to)?.features ?? []);
  return (planOf(from)?.features ?? []).filter((f) => !kept.has(f));
}

export interface PurchaseOutcome {
  /** Renewal, start or move: the headline of the note. */
  kind: 'start' | 'renewal' | 'move';
  text: string;
  /** What the move takes away at once (Премиум+'s frames and wallpaper), said before paying; null when nothing. */
  loses: string | null;
  /** The day the chosen plan will be paid until. */
  until: Date;
}

export function purchaseOutcome(state: PlanState, planId: number, now: Date): PurchaseOutcome {
  const after = afterPurchase(state, planId, now);
  const until = dayOf(after.paidUntil);
  const left = timeLeft(state, now);
  const base = { until: after.paidUntil, loses: null };
  if (state.plan === null || left === 0) {
    return { ...base, kind: 'start', text: `«${nameOf(planId)}» начнётся сразу после оплаты и будет оплачен на ${SUBSCRIPTION_DAYS} дн., до ${until}.` };
  }
  const remaining = daysUntil(state.paidUntil!, now);
  if (state.plan === planId) {
    return { ...base, kind: 'renewal', text: `Продление: сейчас осталось ${remaining}, к ним добавятся ${SUBSCRIPTION_DAYS} дн. — «${nameOf(planId)}» будет оплачен до ${until}.` };
  }
  const convertedUntil = new Date(now.getTime() + convertTime(left, state.plan, planId));
  const converted = `${daysWord(daysLeft(convertedUntil, now))} «${nameOf(planId)}» (до ${dayOf(convertedUntil)})`;
  const lost = featuresLost(state.plan, planId);
  return {
    ...base,
    kind: 'move',
    text: `Сейчас у вас «${nameOf(state.plan)}»: осталось ${remaining}. После оплаты сразу начнётся «${nameOf(planId)}»: оставшиеся дни не пропадут — ` +
      `по цене тарифов (${price(state.plan)} и ${price(planId)} в месяц) это ${converted}, ` +
      `и к ним добавятся ${SUBSCRIPTION_DAYS} оплаченных дн. — до ${until}.`,
    loses: lost.length
      ? `Рамка и обои профиля снимутся сразу после оплаты: в «${nameOf(planId)}» нет того, что даёт «${nameOf(state.plan)}» — ` +
        `${lost.map((f) => f.toLowerCase()).join(', ')}. Выбранные украшения сохранятся и вернутся, если вы снова перейдёте на «${nameOf(state.plan)}».`
      : null,
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

/** When an invoice was made, to the minute: '26.11.2026, 14:05' (two of one day are told apart by the time). */
export function invoiceMoment(at: Date, timeZone?: string): string {
  return `${dayOf(at, timeZone)}, ${new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone }).format(at)}`;
}

/** '399 ₽' for roubles, '12.50 USDT' otherwise; whole roubles without kopecks. */
export function money(amount: string | number, currency: string): string {
  const n = Number(amount);
  if (currency === 'RUB') return `${Number.isInteger(n) ? n : n.toFixed(2).replace('.', ',')} ₽`;
  return `${n.toFixed(2)} ${currency}`;
}
