import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/lib/sanitize.ts';

describe('rich text from the server', () => {
  it('keeps the formatting editors use', () => {
    expect(sanitizeRichText('<h2>О нас</h2><p>Мы <strong>любим</strong> дорамы</p><ul><li>раз</li></ul>'))
      .toBe('<h2>О нас</h2><p>Мы <strong>любим</strong> дорамы</p><ul><li>раз</li></ul>');
  });

  it('drops scripts, handlers, styles and javascript: links', () => {
    const dirty = '<p onclick="x()">Текст<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">ссылка</a></p><style>p{}</style>';
    const clean = sanitizeRichText(dirty);
    expect(clean).toBe('<p>Текст<a>ссылка</a></p>');
  });

  it('opens outside links apart, without referrer or opener', () => {
    expect(sanitizeRichText('<a href="https://vk.com/x">vk</a>')).toBe('<a href="https://vk.com/x" target="_blank" rel="noopener noreferrer">vk</a>');
    expect(sanitizeRichText('<a href="/about">о нас</a>')).toBe('<a href="/about">о нас</a>');
    expect(sanitizeRichText(null)).toBe('');
  });
});
