import { describe, expect, it } from 'vitest';
import { envText, limiterPrefix } from './env.ts';

describe('a setting read as text', () => {
  it('is the text set', () => {
    expect(envText({ CRON: '*/5 * * * * *' }, 'CRON')).toBe('*/5 * * * * *');
  });
  it('is the digits of a value Directus cast to a number or a boolean', () => {
    expect(envText({ SECRET: 123456 }, 'SECRET')).toBe('123456');
    expect(envText({ FLAG: false }, 'FLAG')).toBe('false');
  });
  it('is null when unset or empty, so the caller’s default applies', () => {
    expect(envText({}, 'MISSING')).toBeNull();
    expect(envText({ EMPTY: '' }, 'EMPTY')).toBeNull();
    expect(envText({ NULL: null }, 'NULL')).toBeNull();
  });
});

describe("our limiters' key prefix", () => {
  it("is Directus's own setting, or Directus's default", () => {
    expect(limiterPrefix({ RATE_LIMITER_KEY_PREFIX: 'site1:rl' })).toBe('site1:rl');
    expect(limiterPrefix({})).toBe('rl');
  });
});
