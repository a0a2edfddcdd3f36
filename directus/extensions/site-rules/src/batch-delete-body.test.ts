import { describe, expect, it } from 'vitest';
import { batchDeleteReadable } from './batch-delete-body.ts';

describe('batchDeleteReadable', () => {
  it('takes keys, a list of keys or a query', () => {
    expect([[1, 2], [], { keys: [1] }, { keys: ['a'] }, { query: {} }, { query: { filter: { id: { _eq: 1 } } } }].map(batchDeleteReadable))
      .toEqual([true, true, true, true, true, true]);
  });

  it('refuses a body that names nothing to delete, or both ways at once', () => {
    expect([undefined, null, {}, 'x', 5, { query: 'x' }, { query: [1] }, { keys: 'x' }, { keys: [1], query: {} }, { other: 1 }].map(batchDeleteReadable))
      .toEqual(Array(10).fill(false));
  });

  it('refuses a list holding anything but keys', () => {
    expect([[null], [[1]], [{ id: 1 }], [1, null], [true], { keys: [[1]] }, { keys: [true] }, { keys: [''] }].map(batchDeleteReadable)).toEqual(Array(8).fill(false));
  });
});
