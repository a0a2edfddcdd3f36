import { describe, expect, it } from 'vitest';
import { quantile } from '../../scripts/lib/bench-figures.ts';

describe('quantile', () => {
  it('takes the nearest rank, whatever the order the values come in', () => {
    const values = [50, 10, 40, 20, 30, 60, 70, 80, 90, 100];
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.95)).toBe(100);
    expect(quantile(values, 0.1)).toBe(10);
    expect(quantile(values, 0)).toBe(10);
    expect(values[0]).toBe(50);
  });

  it('is NaN for no values', () => {
    expect(quantile([], 0.5)).toBeNaN();
  });
});
