import { describe, expect, it } from 'vitest';
import { isNamePaint } from './name-paint.ts';

describe('isNamePaint', () => {
  it.each(['#e91e63', 'crimson', 'rgb(233, 30, 99)', 'hsl(340 82% 52%)', 'linear-gradient(90deg, #f0f, #0ff)', 'radial-gradient(circle, #fff 0%, #000 100%)'])('takes %s', (paint) => {
    expect(isNamePaint(paint)).toBe(true);
  });

  it.each([
    'linear-gradient(red,red),url(http://evil.example/leak)',
    'url(leak.png)',
    'URL (leak.png)',
    'red;background:url(x)',
    'image-set("leak.png" 1x)',
    'linear-gradient(red, red), \\75rl(x)',
    'red}body{display:none',
    '',
    '   ',
    42,
    null,
  ])('refuses %j', (paint) => {
    expect(isNamePaint(paint)).toBe(false);
  });
});
