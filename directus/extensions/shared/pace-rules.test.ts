import { describe, expect, it } from 'vitest';
import { PACE } from '../../../shared/rules.ts';
import { paceLimit, secondsToWait, tooFastReason, waitText } from './pace-rules.ts';

describe('paceLimit', () => {
  it('is the shared allowance of each kind, under its own key prefix', () => {
    expect(paceLimit('message', {})).toEqual({
      name: 'RATE_LIMITER_PACE_MESSAGE', keyPrefix: 'rl-pace-message', points: PACE.message.count, duration: PACE.message.seconds,
    });
    expect(paceLimit('supportRequest', { RATE_LIMITER_KEY_PREFIX: 'site' })).toMatchObject({
      name: 'RATE_LIMITER_PACE_SUPPORTREQUEST', keyPrefix: 'site-pace-supportRequest', points: PACE.supportRequest.count,
    });
  });

  it('takes an operator’s raised allowance and ignores one that is no number', () => {
    expect(paceLimit('comment', { RATE_LIMITER_PACE_COMMENT_POINTS: '500' }).points).toBe(500);
    expect(paceLimit('comment', { RATE_LIMITER_PACE_COMMENT_POINTS: 'many' }).points).toBe(PACE.comment.count);
    expect(paceLimit('comment', { RATE_LIMITER_PACE_COMMENT_POINTS: '0' }).points).toBe(PACE.comment.count);
  });
});

describe('a refusal', () => {
  it('waits whole seconds, at least one', () => {
    expect(secondsToWait({ msBeforeNext: 12_001 })).toBe(13);
    expect(secondsToWait({ msBeforeNext: 0 })).toBe(1);
  });

  it('is told apart from a failure of the limiter itself', () => {
    expect(secondsToWait(new Error('Redis is down'))).toBeNull();
    expect(secondsToWait(null)).toBeNull();
  });

  it('says the wait in seconds under two minutes, then in whole minutes', () => {
    expect(waitText(12)).toBe('12 с.');
    expect(waitText(119)).toBe('119 с.');
    expect(waitText(120)).toBe('2 мин.');
    expect(waitText(3599)).toBe('60 мин.');
    expect(tooFastReason('Слишком много сообщений подряд.', 5)).toBe('Слишком много сообщений подряд. Подождите 5 с.');
  });
});
