import { describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/rules.ts';
import { avatarFor, decorationsFor, forgetChosen } from '../../directus/extensions/site-payments/src/decorations.ts';
import { nextStatus } from '../../directus/extensions/site-payments/src/gateway-status.ts';

describe('decorations follow the plan', () => {
  const worn = { nameColor: 1, frame: 2, background: 3 };

  it('keeps aside what a role does not allow, and puts it back when one does', () => {
    const lapsed = decorationsFor(ROLES.user, worn, {});
    expect(lapsed).toEqual({ worn: { nameColor: null, frame: null, background: null }, kept: { nameColor: 1, frame: 2, background: 3 } });
    expect(decorationsFor(ROLES.premium, lapsed.worn, lapsed.kept)).toEqual({ worn: { nameColor: 1, frame: null, background: null }, kept: { frame: 2, background: 3 } });
    expect(decorationsFor(ROLES.premiumPlus, lapsed.worn, lapsed.kept)).toEqual({ worn, kept: {} });
  });

  it('never puts a kept one over what the person wears now', () => {
    expect(decorationsFor(ROLES.premium, { nameColor: 7, frame: null, background: null }, { nameColor: 1 })).toEqual({ worn: { nameColor: 7, frame: null, background: null }, kept: {} });
  });

  it('forgets a kept decoration the person sets or takes off, and nothing else', () => {
    expect(forgetChosen({ nameColor: 1, frame: 2 }, { nameColor: null })).toEqual({ frame: 2 });
    expect(forgetChosen({ nameColor: 1 }, { aboutMe: 'x' })).toBeNull();
    expect(forgetChosen({}, { nameColor: 5 })).toBeNull();
  });
});

describe('a GIF avatar follows the plan', () => {
  it('is kept aside when the plan ends, and put back by the next one', () => {
    const lapsed = avatarFor(ROLES.user, { id: 'gif', moving: true }, { frame: 2 });
    expect(lapsed).toEqual({ avatar: null, kept: { frame: 2, avatar: 'gif' } });
    expect(avatarFor(ROLES.premium, { id: null, moving: false }, lapsed.kept)).toEqual({ avatar: 'gif', kept: { frame: 2 } });
  });

  it('leaves a still avatar on, and one chosen since in place of the kept one', () => {
    expect(avatarFor(ROLES.user, { id: 'still', moving: false }, {})).toEqual({ avatar: 'still', kept: {} });
    expect(avatarFor(ROLES.premium, { id: 'new', moving: false }, { avatar: 'gif' })).toEqual({ avatar: 'new', kept: {} });
    expect(forgetChosen({ avatar: 'gif', frame: 2 }, { avatar: 'new' })).toEqual({ frame: 2 });
  });
});

describe('the gateway\'s statuses', () => {
  it('grant on paid and paid_over, wait, end without a grant, and take back on refund_paid', () => {
    expect(nextStatus('pending', 'paid')).toBe('paid');
    expect(nextStatus('underpaid', 'paid_over')).toBe('paid');
    expect(nextStatus('pending', 'wrong_amount_waiting')).toBe('underpaid');
    expect(['check', 'confirm_check', 'process'].map((s) => nextStatus('pending', s))).toEqual([null, null, null]);
    expect(['wrong_amount', 'fail', 'system_fail', 'locked', 'cancel'].map((s) => nextStatus('pending', s))).toEqual(['failed', 'failed', 'failed', 'failed', 'expired']);
    expect(nextStatus('paid', 'refund_paid')).toBe('refunded');
  });

  it('never leave a paid invoice but for a refund, nor a refunded one at all', () => {
    for (const s of ['check', 'cancel', 'fail', 'wrong_amount_waiting', 'refund_process', 'refund_fail']) expect(nextStatus('paid', s), s).toBeNull();
    for (const s of ['paid', 'check', 'cancel']) expect(nextStatus('refunded', s), s).toBeNull();
    expect(nextStatus('pending', 'unknown_status')).toBeNull();
    expect(nextStatus('expired', 'paid')).toBe('paid');
  });
});
