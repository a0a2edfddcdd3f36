import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.ts';

describe('addressKey', () => {
  it('keeps an IPv4 address, written either way', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is written', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2::a', '2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:DB8:1:2:0:0:0:5'].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(keys[0]);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('puts what is no address under one key', () => {
    for (const address of [undefined, null, '', 'unknown', '1.2.3.4.5', '2001:db8::1::2', '<script>']) expect(addressKey(address)).toBe('unknown');
  });
});
