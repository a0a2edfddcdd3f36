import { describe, expect, it } from 'vitest';
import { addressDecodes, addressProblem, EMPTY_ADDRESS_PART, UNREADABLE_ADDRESS } from './request-address.ts';

describe('addressDecodes', () => {
  it.each(['/items/titles/1', '/items/tags?x=%D1%82%D0%B5%D0%B3', '/together/rooms/%D0%B0%D0%B1/join', '/admin/', '/%25ff'])('accepts %s', (path) => {
    expect(addressDecodes(path)).toBe(true);
  });

  it.each(['/items/%ff', '/together/rooms/%e0%a4/join', '/users/%c0%af', '/items/%', '/items/%zz'])('refuses %s', (path) => {
    expect(addressDecodes(path)).toBe(false);
  });
});

describe('addressProblem', () => {
  it.each(['/auth//login', '//auth/login', '/files//', '/utils///hash/generate', '/users/me//tfa/generate'])('refuses the empty part in %s', (path) => {
    expect(addressProblem(path)).toBe(EMPTY_ADDRESS_PART);
  });

  it('names an address that does not decode first', () => {
    expect(addressProblem('//items/%ff')).toBe(UNREADABLE_ADDRESS);
  });

  it.each(['/', '/auth/login', '/auth/login/', '/items/titles/1', '/admin/'])('lets %s through', (path) => {
    expect(addressProblem(path)).toBeUndefined();
  });
});
