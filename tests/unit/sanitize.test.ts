import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/lib/sanitize.ts';

describe('rich text from the server', () => {
  it('keeps the formatting editors use', () => {
    expect(sanitizeRichText('<h2>О нас</h2><p>Мы <strong>любим</strong> дорамы</p><ul><li>раз</li></ul>'))
      .toBe('<h2>О нас</h2><p>Мы <strong>любим</strong> дорамы</p><ul><li>раз</li></ul>');
  });

  it('drops scripts, handlers, styles and javascript: links, whose text stays as text rather than a link to nowhere', () => {
    const dirty = '<p onclick="x()">Текст <script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">ссылка</a></p><style>p{}</style>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Текст ссылка</p>');
    expect(sanitizeRichText('<p><a href=" javascript:alert(1)" title="x">раз</a>, <a>два</a> и <a href="/about">три</a></p>'))
      .toBe('<p>раз, два и <a href="/about">три</a></p>');
  });

  it('keeps pictures from the web or the site\'s files, with their alt text alone', () => {
    expect(sanitizeRichText('<p><img src="/api/assets/abc?key=banner" alt="Кадр" srcset="https://evil.example/x 2x" onerror="alert(1)" onload="alert(2)"></p>'))
      .toBe('<p><img src="/api/assets/abc?key=banner" alt="Кадр" /></p>');
    expect(sanitizeRichText('<img src="https://cdn.example/a.png" alt="a">')).toBe('<img src="https://cdn.example/a.png" alt="a" />');
    const elsewhere = ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/x.png', '/\\evil.example/x.png', '/api/assets/../items/x', '/api/assets/%2e%2e/users/me', '/profile', 'x.png', ''];
    for (const src of elsewhere) expect(sanitizeRichText(`<p>до<img src="${src}" alt="x">после</p>`), src).toBe('<p>допосле</p>');
    expect(sanitizeRichText('<p>до<img alt="x">после</p>')).toBe('<p>допосле</p>');
  });

  it('opens outside links apart, without referrer or opener', () => {
    expect(sanitizeRichText('<a href="https://vk.com/x">vk</a>')).toBe('<a href="https://vk.com/x" target="_blank" rel="noopener noreferrer">vk</a>');
    expect(sanitizeRichText('<a href="/about">о нас</a>')).toBe('<a href="/about">о нас</a>');
    expect(sanitizeRichText(null)).toBe('');
  });
});
