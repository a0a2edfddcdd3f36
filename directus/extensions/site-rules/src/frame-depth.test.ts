import { describe, expect, it } from 'vitest';
import { MAX_NESTING, nestsDeeperThan } from '../../shared/nesting.ts';
import { textNestsDeeperThan } from './frame-depth.ts';

/** `levels` objects, each in a list of the next: `{"a":[{"a":[...]}]}`, as text. */
const nested = (levels: number, inner = '1') => {
  let text = inner;
  for (let i = 0; i < levels; i++) text = i % 2 ? `{"a":${text}}` : `[${text}]`;
  return text;
};

describe('the depth of a frame read as text', () => {
  it('agrees with the depth of its value, at the limit and one past it', () => {
    for (const levels of [0, 1, MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, MAX_NESTING * 3]) {
      const text = nested(levels);
      expect(textNestsDeeperThan(text), `${levels} levels`).toBe(nestsDeeperThan(JSON.parse(text)));
    }
    expect(textNestsDeeperThan(nested(MAX_NESTING))).toBe(false);
    expect(textNestsDeeperThan(nested(MAX_NESTING + 1))).toBe(true);
  });

  it('takes its limit', () => {
    expect(textNestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(textNestsDeeperThan('[[[[]]]]', 3)).toBe(true);
  });

  it('counts siblings once: only open brackets nest', () => {
    expect(textNestsDeeperThan(`[${'[],'.repeat(10_000)}{}]`, 2)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes and backslashes included', () => {
    expect(textNestsDeeperThan(`{"text":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(textNestsDeeperThan(`{"text":"\\"${'{'.repeat(100)}\\""}`, 1)).toBe(false);
    expect(textNestsDeeperThan(`{"${'['.repeat(100)}":1}`, 1)).toBe(false);
    // An escaped backslash ends with the string's own quote: the brackets after it count.
    expect(textNestsDeeperThan(`["\\\\",[[1]]]`, 2)).toBe(true);
    expect(textNestsDeeperThan(`["\\u005b\\"",[1]]`, 2)).toBe(false);
  });

  it('finds a frame thousands deep without recursion, and reads one of the site\'s frames as shallow', () => {
    const levels = 100_000;
    expect(textNestsDeeperThan(`{"type":"subscribe","query":{"filter":${'{"_and":['.repeat(levels)}{}${']}'.repeat(levels)}}}`)).toBe(true);
    const subscribe = { type: 'subscribe', uid: 'messages-create', collection: 'messages', event: 'create', query: { fields: ['id', 'text', 'user_created.login'], filter: { _and: [{ privateChat: { _eq: 3 } }] } } };
    expect(textNestsDeeperThan(JSON.stringify(subscribe))).toBe(false);
  });

  it('does not let closing brackets before a value lower its depth', () => {
    expect(textNestsDeeperThan(`]]]]${'['.repeat(5)}`, 4)).toBe(true);
  });
});
