import { describe, expect, it } from 'vitest';
import { renderedOnce } from './rendered-once.ts';

describe('HTML rendered once per data and name', () => {
  it('renders once for pages that ask together or later, apart for another name or another data object', async () => {
    const frame = { categories: ['Дорамы'] };
    let renders = 0;
    const render = (html: string) => async () => { renders += 1; return html; };
    const [first, second] = await Promise.all([
      renderedOnce(frame, 'header', render('<header>1</header>')),
      renderedOnce(frame, 'header', render('<header>2</header>')),
    ]);
    expect([first, second, await renderedOnce(frame, 'header', render('<header>3</header>'))]).toEqual(Array(3).fill('<header>1</header>'));
    expect(renders).toBe(1);
    expect(await renderedOnce(frame, 'footer', render('<footer>'))).toBe('<footer>');
    // A later build's frame is a new object: its header is its own.
    expect(await renderedOnce({ categories: ['Аниме'] }, 'header', render('<header>new</header>'))).toBe('<header>new</header>');
    expect(renders).toBe(3);
  });

  it('keeps no failure: the page that failed says so, the next one renders again', async () => {
    const frame = {};
    await expect(renderedOnce(frame, 'header', () => Promise.reject(new Error('no categories')))).rejects.toThrow('no categories');
    expect(await renderedOnce(frame, 'header', async () => '<header>')).toBe('<header>');
  });

  it('refuses HTML holding an island, whose ids are counted per page', async () => {
    await expect(renderedOnce({}, 'header', async () => '<header><astro-island uid="Z1"></astro-island></header>')).rejects.toThrow("'header' holds an island");
  });
});
