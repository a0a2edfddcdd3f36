import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tab-keys.ts';

describe('tabAfterKey', () => {
  it('moves by one with the arrows, round the ends', () => {
    expect(tabAfterKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabAfterKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 1, 3)).toBe(0);
    expect(tabAfterKey('ArrowLeft', 0, 3)).toBe(2);
  });

  it('goes to the first and the last with Home and End', () => {
    expect(tabAfterKey('Home', 2, 3)).toBe(0);
    expect(tabAfterKey('End', 0, 3)).toBe(2);
  });

  it('leaves every other key alone', () => {
    expect(tabAfterKey('ArrowDown', 0, 3)).toBeNull();
    expect(tabAfterKey('Enter', 0, 3)).toBeNull();
    expect(tabAfterKey(' ', 0, 3)).toBeNull();
  });
});
