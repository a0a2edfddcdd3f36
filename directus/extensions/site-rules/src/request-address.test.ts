import { describe, expect, it } from 'vitest';
import { addressDecodes } from './request-address.ts';

describe('addressDecodes', () => {
  it.each(['/items/titles/1', '/items/tags?x=%D1%82%D0%B5%D0%B3', '/together/rooms/%D0%B0%D0%B1/join', '/admin/', '/%25ff'])('accepts %s', (path) => {
    expect(addressDecodes(path)).toBe(true);
  });

  it.each(['/items/%ff', '/together/rooms/%e0%a4/join', '/users/%c0%af', '/items/%', '/items/%zz'])('refuses %s', (path) => {
    expect(addressDecodes(path)).toBe(false);
  });
});
