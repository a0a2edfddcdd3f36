import { describe, expect, it } from 'vitest';
import { isEmbedAddress } from './embed-address.ts';

describe('isEmbedAddress', () => {
  it.each([
    'https://player.example.com/embed/1?episode=2',
    'HTTPS://player.example.com/x',
    '/embed/player.html?v=4b1e&season=1&episode=3',
  ])('takes %s', (address) => {
    expect(isEmbedAddress(address)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://player.example.com/x',
    '//evil.example/embed/x',
    '/\\evil.example/embed/x',
    '/embed/../profile/edit',
    '/embed/%2e%2e/profile',
    '/profile/edit',
    'embed/player.html',
    'https:/player.example.com',
    'https:///player.example.com',
    '',
    42,
    null,
    ['https://player.example.com'],
  ])('refuses %j', (address) => {
    expect(isEmbedAddress(address)).toBe(false);
  });
});
