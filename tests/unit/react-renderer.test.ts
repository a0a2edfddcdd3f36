/** The build's React renderer: useId prefixes per island, every component rendered where it stands, no resource hints. */
import { createElement, useId } from 'react';
import type { SSRResult } from 'astro';
import { describe, expect, it } from 'vitest';
import renderer from '../../src/site-build/island-renderer.ts';

/** A page being rendered: the renderer only keys its counters on the object. */
const newPage = () => ({ result: {} as SSRResult });

function Labelled({ text }: { text: string }) {
  const id = useId();
  return createElement('p', { id }, text);
}

let renders = 0;
function Counted({ text }: { text: string }) {
  renders++;
  return createElement('span', null, text);
}

const render = <P,>(page: { result: SSRResult }, Component: (p: P) => unknown, props: Record<string, unknown>) =>
  renderer.renderToStaticMarkup.call(page, Component, props, {}, { displayName: Component.name, astroStaticSlot: true, hydrate: 'idle' });

/** A component Astro renders without hydrating it, as a card in a page's list. */
const renderStatic = <P,>(page: { result: SSRResult }, Component: (p: P) => unknown, props: Record<string, unknown>) =>
  renderer.renderToStaticMarkup.call(page, Component, props, {}, { displayName: Component.name, astroStaticSlot: true });

describe('the React islands renderer', () => {
  it('claims every component without rendering it', async () => {
    const before = renders;
    expect(await renderer.check(Counted, {}, {})).toBe(true);
    expect(renders).toBe(before);
  });

  it('gives each island of a page its own useId prefix, which its HTML uses, and starts again on the next page', async () => {
    const page = newPage();
    const first = await render(page, Labelled, { text: 'a' });
    const second = await render(page, Labelled, { text: 'a' });
    expect(first.attrs?.prefix).not.toBe(second.attrs?.prefix);
    for (const island of [first, second]) expect(island.html).toContain(`id="_${island.attrs?.prefix}R_`);
    expect((await render(newPage(), Labelled, { text: 'a' })).attrs?.prefix).toBe(first.attrs?.prefix);
  });

  it('numbers a page\'s islands alike whether or not components rendered to HTML alone came first, as the frame does on one page a build', async () => {
    const withFrame = newPage();
    await renderStatic(withFrame, Labelled, { text: 'рамка' });
    await renderStatic(withFrame, Labelled, { text: 'рамка' });
    const afterFrame = await render(withFrame, Labelled, { text: 'плеер' });
    const alone = await render(newPage(), Labelled, { text: 'плеер' });
    expect(afterFrame.attrs?.prefix).toBe(alone.attrs?.prefix);
    expect(afterFrame.html).toBe(alone.html);
  });

  it('renders every component where it stands, each time, from the props it has then, so a build holds no page\'s HTML', async () => {
    function Card({ card, variant }: { card: { name: string }; variant: string }) {
      renders++;
      return createElement('article', { className: variant }, card.name);
    }
    const card = { name: 'Алая луна' };
    const before = renders;
    const first = await renderStatic(newPage(), Card, { card, variant: 'list' });
    card.name = 'Алая луна (правка)';
    expect((await renderStatic(newPage(), Card, { card, variant: 'list' })).html).toBe(first.html.replace('Алая луна', 'Алая луна (правка)'));
    expect((await renderStatic(newPage(), Card, { card, variant: 'slider' })).html).toContain('class="slider"');
    expect((await render(newPage(), Counted, { text: 'меню' })).html).toBe((await render(newPage(), Counted, { text: 'меню' })).html);
    expect(renders).toBe(before + 5);
  });

  it('renders again a component without hydration whose HTML carries its place (a useId)', async () => {
    function LabelledCard({ card }: { card: { name: string } }) {
      const id = useId();
      return createElement('p', { id }, card.name);
    }
    const card = { name: 'Луна' };
    const page = newPage();
    const first = await renderStatic(page, LabelledCard, { card });
    const second = await renderStatic(page, LabelledCard, { card });
    expect(first.html).toContain(`id="_${first.attrs?.prefix}R_`);
    expect(second.html).toContain(`id="_${second.attrs?.prefix}R_`);
    expect(second.html).not.toBe(first.html);
  });

  it('leaves out the resource hints React adds for images', async () => {
    const { html } = await render(newPage(), () => createElement('img', { src: '/logo.svg', alt: '' }), {});
    expect(html).toContain('<img src="/logo.svg"');
    expect(html).not.toContain('<link');
  });

  it('drops the class Astro passes for scoped styles, as its own React renderer does', async () => {
    const { html } = await render(newPage(), ({ text, ...rest }: { text: string }) => createElement('b', null, text, JSON.stringify(rest)), { text: 'x', class: 'astro-x' });
    expect(html).not.toContain('astro-x');
  });
});
