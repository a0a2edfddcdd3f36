import { describe, expect, it } from 'vitest';
import { PLANS, SUBSCRIPTION_DAYS } from '../../shared/plans.ts';
import {
  afterPurchase, afterRefund, convertTime, DAY_MS, daysLeft, planLine, planNoticeText, reminderDue,
} from '../../shared/subscription.ts';
import { money, purchaseOutcome } from '../../src/lib/tariff.ts';

const now = new Date(Date.UTC(2026, 10, 26, 9));
const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
const [p1, p2] = PLANS.map((p) => p.price);

describe('a plan\'s period', () => {
  it('starts now without a plan, and after its end', () => {
    expect(afterPurchase({ plan: null, paidUntil: null }, 1, now).paidUntil).toEqual(at(SUBSCRIPTION_DAYS));
    expect(afterPurchase({ plan: 1, paidUntil: at(-3) }, 1, now).paidUntil).toEqual(at(SUBSCRIPTION_DAYS));
  });

  it('extends a renewal from the day it is paid until', () => {
    expect(afterPurchase({ plan: 2, paidUntil: at(12) }, 2, now)).toEqual({ plan: 2, paidUntil: at(12 + SUBSCRIPTION_DAYS), carried: 12 * DAY_MS });
  });

  it('converts the days left at the ratio of prices when the plan changes, either way', () => {
    const up = afterPurchase({ plan: 1, paidUntil: at(20) }, 2, now);
    expect(up.carried).toBeCloseTo((20 * DAY_MS * p1) / p2);
    // A Date keeps whole milliseconds.
    expect(Math.abs(up.paidUntil.getTime() - (now.getTime() + (20 * DAY_MS * p1) / p2 + SUBSCRIPTION_DAYS * DAY_MS))).toBeLessThan(1);
    expect(convertTime(20 * DAY_MS, 2, 1)).toBeCloseTo((20 * DAY_MS * p2) / p1);
    expect(convertTime(5, 1, 1)).toBe(5);
  });

  it('takes a refunded period back, converted to the plan held now, and ends the plan when nothing is left', () => {
    expect(afterRefund({ plan: 1, paidUntil: at(45) }, 1, now)).toEqual({ plan: 1, paidUntil: at(15) });
    expect(afterRefund({ plan: 1, paidUntil: at(10) }, 1, now)).toEqual({ plan: null, paidUntil: now });
    const moved = afterRefund({ plan: 1, paidUntil: at(80) }, 2, now);
    expect(Math.abs(moved.paidUntil!.getTime() - (at(80).getTime() - (SUBSCRIPTION_DAYS * DAY_MS * p2) / p1))).toBeLessThan(1);
    expect(afterRefund({ plan: null, paidUntil: at(-2) }, 1, now)).toEqual({ plan: null, paidUntil: at(-2) });
  });

  it('counts days left rounded up, and the reminder due: 7, 3, 1, none before a week or after the end', () => {
    expect(daysLeft(at(29.2), now)).toBe(30);
    expect(daysLeft(at(-1), now)).toBe(0);
    expect([8, 7, 6.5, 3, 2.9, 1.5, 1, 0.2, 0, -1].map((d) => reminderDue(at(d), now))).toEqual([null, 7, 7, 3, 3, 3, 1, 1, null, null]);
  });

  it('says the plan line and the reminders as the profile and the letter do', () => {
    expect(planLine('Премиум', at(29.9), now, 'UTC')).toBe('Премиум до 26.12.2026 · осталось 30 дн.');
    expect(planNoticeText({ kind: 'ending', daysLeft: 3, planName: 'Премиум', paidUntil: at(2.5) }, 'UTC').heading).toBe('Подписка «Премиум» закончится через 3 дн.');
    expect(planNoticeText({ kind: 'ended', daysLeft: null, planName: 'Премиум+', paidUntil: now }, 'UTC').text).toContain('закончилась 26.11.2026');
  });
});

describe('the tariff screen\'s note', () => {
  it('says when the plan starts, how a renewal adds up and how a move converts the days left', () => {
    expect(purchaseOutcome({ plan: null, paidUntil: null }, 1, now)).toMatchObject({ kind: 'start', until: at(30) });
    const renewal = purchaseOutcome({ plan: 1, paidUntil: at(10) }, 1, now);
    expect(renewal.kind).toBe('renewal');
    expect(renewal.text).toContain('30 дн. добавятся к оставшимся 10 дн.');
    const move = purchaseOutcome({ plan: 1, paidUntil: at(20) }, 2, now);
    expect(move.kind).toBe('move');
    expect(move.text).toContain('в 11,4 дн. «Премиум+»');
    expect(move.text).toContain('399 ₽ и 699 ₽');
  });

  it('writes sums in roubles without needless kopecks', () => {
    expect(money('399.00', 'RUB')).toBe('399 ₽');
    expect(money('199.5', 'RUB')).toBe('199,50 ₽');
    expect(money(12.5, 'USDT')).toBe('12.50 USDT');
  });
});
