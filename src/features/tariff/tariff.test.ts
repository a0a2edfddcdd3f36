import { describe, expect, it } from 'vitest';
import { PLANS, SUBSCRIPTION_DAYS } from '../../../shared/plans.ts';
import {
  afterPurchase, afterRefund, convertTime, DAY_MS, dayOf, daysLeft, daysUntil, daysWord, planLine, planNoticeText, reminderDue, wholeDays,
} from '../../../shared/subscription.ts';
import { featuresLost, invoiceMoment, money, purchaseOutcome } from './tariff.ts';

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

  it('gives the reminder due: 7, 3, 1, none before a week or after the end', () => {
    expect([8, 7, 6.5, 3, 2.9, 1.5, 1, 0.2, 0, -1].map((d) => reminderDue(at(d), now))).toEqual([null, 7, 7, 3, 3, 3, 1, 1, null, null]);
  });
});

describe('days, one rule everywhere: whole days rounded down, the end day beside them', () => {
  it('rounds every part of a day down, never below 0', () => {
    expect([64.25, 64.99, 64, 2.5, 1, 0.999, 0, -3].map((d) => wholeDays(d * DAY_MS))).toEqual([64, 64, 64, 2, 1, 0, 0, 0]);
    expect(daysLeft(at(29.2), now)).toBe(29);
    // Right after buying 30 days, a moment has passed: 29 whole days and the end day.
    expect(daysLeft(new Date(at(30).getTime() - 1000), now)).toBe(29);
    expect(daysLeft(at(-1), now)).toBe(0);
  });

  it('says the days with the day they run to, and less than a day as such', () => {
    expect(daysWord(34)).toBe('34 дн.');
    expect(daysWord(0)).toBe('меньше дня');
    expect(daysUntil(at(34.2), now, 'UTC')).toBe(`34 дн. (до ${dayOf(at(34.2), 'UTC')})`);
    expect(daysUntil(at(0.4), now, 'UTC')).toBe('меньше дня (до 26.11.2026)');
  });

  it('says the plan line and the reminders as the profile and the letter do', () => {
    expect(planLine('Премиум', at(29.9), now, 'UTC')).toBe('Премиум до 26.12.2026 · осталось 29 дн.');
    expect(planLine('Премиум', at(0.5), now, 'UTC')).toBe('Премиум до 26.11.2026 · осталось меньше дня');
    // Two and a half days before the end the reminder of 3 days is due; it says 2, beside the day.
    const ending = planNoticeText({ kind: 'ending', planName: 'Премиум', paidUntil: at(2.5) }, now, 'UTC');
    expect(ending.heading).toBe('Подписка «Премиум» закончится 28.11.2026: осталось 2 дн.');
    expect(ending.text).toContain('оплачена до 28.11.2026');
    expect(planNoticeText({ kind: 'ending', planName: 'Премиум', paidUntil: at(0.3) }, now, 'UTC').heading).toBe('Подписка «Премиум» закончится 26.11.2026: осталось меньше дня');
    expect(planNoticeText({ kind: 'ended', planName: 'Премиум+', paidUntil: now }, now, 'UTC').text).toContain('закончилась 26.11.2026');
    // A reminder read after the end says it ended.
    expect(planNoticeText({ kind: 'ending', planName: 'Премиум', paidUntil: at(-1) }, now, 'UTC').heading).toBe('Подписка «Премиум» закончилась');
  });
});

describe('the tariff screen\'s note', () => {
  it('says when the plan starts, how a renewal adds up and how a move converts the days left, in whole days with their end', () => {
    expect(purchaseOutcome({ plan: null, paidUntil: null }, 1, now)).toMatchObject({ kind: 'start', until: at(30) });
    const renewal = purchaseOutcome({ plan: 1, paidUntil: at(64.25) }, 1, now);
    expect(renewal.kind).toBe('renewal');
    expect(renewal.text).toContain(`сейчас осталось 64 дн. (до ${dayOf(at(64.25))}), к ним добавятся 30 дн.`);
    expect(renewal.text).toContain(`будет оплачен до ${dayOf(at(94.25))}`);
    const move = purchaseOutcome({ plan: 1, paidUntil: at(20) }, 2, now);
    expect(move.kind).toBe('move');
    // 20 days of Премиум are 11.4 days of Премиум+: 11 whole days.
    expect(move.text).toContain(`осталось 20 дн. (до ${dayOf(at(20))})`);
    expect(move.text).toContain(`это 11 дн. «Премиум+» (до ${dayOf(at((20 * p1) / p2))})`);
    expect(move.text).toContain('399 ₽ и 699 ₽');
    expect(move.text).not.toMatch(/\d,\d/);
    const down = purchaseOutcome({ plan: 2, paidUntil: at(19.6) }, 1, now);
    expect(down.text).toContain('осталось 19 дн.');
    expect(down.text).toContain('это 34 дн. «Премиум»');
  });

  it('says before a move down that the frames and wallpaper come off, and nothing of the kind otherwise', () => {
    expect(featuresLost(2, 1)).toEqual(['Обои профиля', 'Рамка аватара в профиле', 'Рамка аватара в чате']);
    expect(featuresLost(1, 2)).toEqual([]);
    const down = purchaseOutcome({ plan: 2, paidUntil: at(10) }, 1, now);
    expect(down.loses).toContain('Рамка и обои профиля снимутся сразу после оплаты');
    expect(down.loses).toContain('обои профиля, рамка аватара в профиле, рамка аватара в чате');
    expect(down.loses).toContain('вернутся, если вы снова перейдёте на «Премиум+»');
    expect(purchaseOutcome({ plan: 1, paidUntil: at(10) }, 2, now).loses).toBeNull();
    expect(purchaseOutcome({ plan: 2, paidUntil: at(10) }, 2, now).loses).toBeNull();
    // Once the plan has ended the decorations are already off: nothing to warn of.
    expect(purchaseOutcome({ plan: 2, paidUntil: at(-1) }, 1, now).loses).toBeNull();
  });

  it('says when an invoice was made to the minute, so two of one day differ', () => {
    expect(invoiceMoment(new Date(Date.UTC(2026, 10, 26, 9, 5)), 'UTC')).toBe('26.11.2026, 09:05');
    expect(invoiceMoment(new Date(Date.UTC(2026, 10, 26, 10, 5)), 'UTC')).not.toBe(invoiceMoment(new Date(Date.UTC(2026, 10, 26, 9, 5)), 'UTC'));
  });

  it('writes sums in roubles without needless kopecks', () => {
    expect(money('399.00', 'RUB')).toBe('399 ₽');
    expect(money('199.5', 'RUB')).toBe('199,50 ₽');
    expect(money(12.5, 'USDT')).toBe('12.50 USDT');
  });
});
