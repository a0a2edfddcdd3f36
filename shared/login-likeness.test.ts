import { describe, expect, it } from 'vitest';
import { loginLikeness } from './login-likeness.ts';

describe('loginLikeness', () => {
  it('reads capital I, 1 and l as one letter, 0 and o as another, whatever the case', () => {
    const alike = ['sakura_fan', 'SAKURA_FAN'];
    expect(new Set(alike.map(loginLikeness)).size).toBe(1);
    for (const group of [['lvan', 'Ivan', '1van', 'LVAN'], ['koto', 'k0to', 'KOTO', 'kot0']]) {
      expect(new Set(group.map(loginLikeness)).size, group.join(' ')).toBe(1);
    }
  });

  it('keeps apart what a reader tells apart', () => {
    for (const [a, b] of [['ivan', 'lvan'], ['anna_1', 'anna_2'], ['a.b', 'a_b'], ['mike', 'rnike']]) {
      expect(loginLikeness(a), `${a} ${b}`).not.toBe(loginLikeness(b));
    }
  });
});
