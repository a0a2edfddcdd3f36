import { describe, expect, it } from 'vitest';
import { openRefresh, sealRefresh } from './refresh-seal.ts';

const SECRET = 'a-secret';
const KEY = 'q3Zr_-8vVxKpL0aN4tYb2cW6mD9eF1gH5jS7uI3oP0lQ8kR2wE4xC6zB9nM1yT5v';

describe('a sealed refresh token', () => {
  it('opens to the session key it was made for', () => {
    const sealed = sealRefresh(SECRET, KEY);
    expect(sealed).not.toBe(KEY);
    expect(openRefresh(SECRET, sealed)).toBe(KEY);
  });

  it('is not the bare key, nor a key with a seal of another key or another secret', () => {
    expect(openRefresh(SECRET, KEY)).toBeNull();
    const other = sealRefresh(SECRET, 'another-key');
    expect(openRefresh(SECRET, `${KEY}.${other.split('.')[1]}`)).toBeNull();
    expect(openRefresh(SECRET, sealRefresh('another-secret', KEY))).toBeNull();
    expect(openRefresh(SECRET, `${sealRefresh(SECRET, KEY)}x`)).toBeNull();
  });

  it('is text that has a key before its seal', () => {
    for (const given of [undefined, null, 42, {}, '', '.', `.${sealRefresh(SECRET, KEY).split('.')[1]}`]) {
      expect(openRefresh(SECRET, given)).toBeNull();
    }
  });
});
