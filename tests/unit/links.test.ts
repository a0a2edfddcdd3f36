/**
 * Links in what people write: only http(s) addresses written out become links, with the attributes
 * that keep them apart; whatever else is in the text, however hostile, stays text.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../shared/rules.ts';
import LinkedText from '../../src/ui/LinkedText.tsx';
import { mayHoldLink } from '../../src/lib/link-hint.ts';
import { textParts } from '../../src/lib/links.ts';

const html = (text: string) => renderToStaticMarkup(createElement(LinkedText, { text }));
const links = (text: string) => textParts(text).filter((p) => p.href).map((p) => p.href);

describe('links in people’s text', () => {
  it('makes http and https addresses links, the text around them text, in order', () => {
    expect(textParts('Смотрите https://example.com/a?b=1 и http://example.org')).toEqual([
      { text: 'Смотрите ' },
      { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { text: ' и ' },
      { text: 'http://example.org', href: 'http://example.org' },
    ]);
    expect(html('Тут https://example.com.')).toBe('Тут <a href="https://example.com" target="_blank" rel="nofollow noopener ugc" dir="ltr">https://example.com</a>.');
  });

  it('shows an address left to right, apart from a direction override around it or in it', () => {
    const reversed = html('\u202E https://evil.example/?ur.sfu-xednay//:sptth');
    expect(reversed).toContain('<a href="https://evil.example/?ur.sfu-xednay//:sptth" target="_blank" rel="nofollow noopener ugc" dir="ltr">https://evil.example/?ur.sfu-xednay//:sptth</a>');
    const inside = textParts('https://evil.example/\u202Eur.xednay').find((p) => p.href);
    expect(inside?.text).not.toMatch(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
  });

  it('leaves trailing punctuation out of the address, and keeps brackets that belong to it', () => {
    for (const end of ['.', ',', '!', '?', ':', ';', '…']) expect(links(`Вот https://example.com/page${end}`)).toEqual(['https://example.com/page']);
    expect(links('(см. https://example.com/a)')).toEqual(['https://example.com/a']);
    expect(links('https://ru.wikipedia.org/wiki/Дорама_(жанр).')).toEqual(['https://ru.wikipedia.org/wiki/Дорама_(жанр)']);
    expect(links('«https://example.com/»')).toEqual(['https://example.com/']);
  });

  it('takes Cyrillic domains and paths as written, and any letter case of the scheme', () => {
    expect(links('Сайт http://пример.рф/страница/один')).toEqual(['http://пример.рф/страница/один']);
    expect(links('HTTPS://EXAMPLE.COM/X')).toEqual(['HTTPS://EXAMPLE.COM/X']);
  });

  it('makes nothing of other schemes, bare domains, emails and protocol-relative addresses', () => {
    for (const text of [
      'javascript:alert(1)', 'JaVaScRiPt:alert(document.cookie)', 'data:text/html;base64,PHNjcmlwdD4=', 'vbscript:msgbox(1)',
      'ftp://example.com/file', 'mailto:someone@example.com', 'someone@example.com', 'www.example.com', 'example.com', '//example.com/x',
      'http:/example.com', 'https:example.com',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(html(text), text).not.toContain('<a');
    }
    expect(links('javascript:https://example.com')).toEqual(['https://example.com']);
  });

  it('escapes markup and quotes: nothing but the link becomes an element, no attribute can be added', () => {
    const hostile = '<img src=x onerror=alert(1)> https://example.com/"onmouseover="alert(1)&x=<b>';
    const out = html(hostile);
    expect(out.match(/<[a-z]/g)).toEqual(['<a']);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    // The quotes stay inside the address: the element has exactly its four attributes.
    expect(out).toMatch(/^&lt;img[^<]*<a href="https:\/\/example\.com\/&quot;onmouseover=&quot;alert\(1\)&amp;x=" target="_blank" rel="nofollow noopener ugc" dir="ltr">/);
  });

  it('keeps text with no address whole, and the empty text empty', () => {
    expect(textParts('Просто текст без ссылок')).toEqual([{ text: 'Просто текст без ссылок' }]);
    expect(textParts('')).toEqual([{ text: '' }]);
    expect(html('a < b && c > d')).toBe('a &lt; b &amp;&amp; c &gt; d');
  });

  it('finds addresses in very long texts quickly: a text at the cap full of them, and a long run with no end', () => {
    const many = 'https://example.com/x '.repeat(Math.floor(TEXT_LIMITS.post / 22));
    const long = 10 * TEXT_LIMITS.post;
    const started = performance.now();
    expect(links(many)).toHaveLength(Math.floor(TEXT_LIMITS.post / 22));
    expect(links(`https://example.com/${'а'.repeat(long)}`)).toHaveLength(1);
    expect(links('https://'.repeat(long / 8)).every((href) => href!.startsWith('https://'))).toBe(true);
    expect(links(`http://${'a.'.repeat(long / 2)}`)).toHaveLength(1);
    expect(links('('.repeat(long) + 'https://example.com' + ')'.repeat(long))).toEqual(['https://example.com']);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('tells cheaply whether a text may hold a link', () => {
    expect(mayHoldLink('см. HTTPS://x.ru')).toBe(true);
    expect(mayHoldLink('javascript:alert(1) www.x.ru')).toBe(false);
  });
});
