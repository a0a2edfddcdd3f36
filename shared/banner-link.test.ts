import { describe, expect, it } from 'vitest';
import { isBannerLink } from './banner-link.ts';

describe('isBannerLink', () => {
  it('takes a page of the site and an http(s) address', () => {
    for (const link of ['/', '/updates', '/categories/anime?tab=new', 'https://example.com/a', 'http://example.com']) expect(isBannerLink(link)).toBe(true);
  });

  it('refuses scripts, data, other schemes, addresses of another host without a scheme, and what is no text', () => {
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/\\evil.example', 'updates', 'https://', '', ' /updates', 1, ['/'], { href: '/' }]) {
      expect(isBannerLink(link)).toBe(false);
    }
  });
});
