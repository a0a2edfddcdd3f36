import { describe, expect, it } from 'vitest';
import { PLAN_REMINDER_DAYS } from '../../../../shared/plans.ts';
import { GatewayError } from './heleket-client.ts';
import { afterFailedCheck, invoiceLife, noticeKey, recheckCutoffs, remindersUntil } from './plan-rules.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const minutes = (n: number) => n * 60_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

describe('noticeKey', () => {
  const paidUntil = new Date('2026-12-01T00:00:00Z');

  it('is one per person, period and reminder', () => {
    const keys = new Set([
      noticeKey('u-1', paidUntil, 'ending', 7),
      noticeKey('u-1', paidUntil, 'ending', 3),
      noticeKey('u-1', paidUntil, 'ending', 1),
      noticeKey('u-1', paidUntil, 'ended', null),
      noticeKey('u-2', paidUntil, 'ending', 7),
      noticeKey('u-1', new Date('2027-01-01T00:00:00Z'), 'ending', 7),
    ]);
    expect(keys.size).toBe(6);
  });

  it('is the same for the same reminder, so a second tick or instance records nothing new', () => {
    expect(noticeKey('u-1', paidUntil, 'ending', 3)).toBe(noticeKey('u-1', new Date(paidUntil.getTime()), 'ending', 3));
    expect(noticeKey('u-1', paidUntil, 'ended', null)).toBe(noticeKey('u-1', paidUntil, 'ended', 1));
  });
});

describe('what is due', () => {
  it('reminds of plans ending within the earliest reminder’s days', () => {
    expect(remindersUntil(NOW).getTime() - NOW.getTime()).toBe(Math.max(...PLAN_REMINDER_DAYS) * 86_400_000);
  });

  it('asks about invoices a minute old at the earliest, and again after five quiet minutes', () => {
    expect(recheckCutoffs(NOW)).toEqual({ createdBefore: at(-minutes(1)), checkedBefore: at(-minutes(5)) });
  });
});

describe('an invoice the gateway could not tell about', () => {
  const made = at(-minutes(90));

  it('lives until the gateway’s expiry, or its making plus the configured lifetime', () => {
    expect(invoiceLife({ expiresAt: at(minutes(5)), date_created: made }, 3600)).toEqual(at(minutes(5)));
    expect(invoiceLife({ expiresAt: null, date_created: made }, 3600)).toEqual(at(-minutes(30)));
  });

  it('expires when the gateway knows nothing of it and its life is over', () => {
    expect(afterFailedCheck(new GatewayError('not found', 404), at(-1), NOW)).toBe('expire');
    expect(afterFailedCheck(new GatewayError('invalid', 422), at(-minutes(30)), NOW)).toBe('expire');
  });

  it('is asked about again while its life lasts, or when the gateway failed in another way', () => {
    expect(afterFailedCheck(new GatewayError('not found', 404), at(minutes(1)), NOW)).toBe('ask-again');
    expect(afterFailedCheck(new GatewayError('not found', 404), NOW, NOW)).toBe('ask-again');
    expect(afterFailedCheck(new GatewayError('busy', 503), at(-minutes(30)), NOW)).toBe('ask-again');
    expect(afterFailedCheck(new GatewayError('no answer', null), at(-minutes(30)), NOW)).toBe('ask-again');
    expect(afterFailedCheck(new Error('socket hang up'), at(-minutes(30)), NOW)).toBe('ask-again');
  });
});
