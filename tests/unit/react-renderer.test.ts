/** The build's React renderer: useId prefixes per island, one render per frame island, cards rendered where they stand, no resource hints. */
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

  it('renders an island once for the same place and props, and again when the props change', async () => {
    const before = renders;
    const once = await render(newPage(), Counted, { text: 'меню' });
    const again = await render(newPage(), Counted, { text: 'меню' });
    expect(again.html).toBe(once.html);
    expect(renders).toBe(before + 1);
    expect((await render(newPage(), Counted, { text: 'другое' })).html).toContain('другое');
    expect(renders).toBe(before + 2);
  });

  it('reuses the HTML for the same objects in the props, as the frame passes on every page, and renders other objects', async () => {
    function Listed({ items }: { items: string[] }) {
      renders++;
      return createElement('ul', null, items.map((item) => createElement('li', { key: item }, item)));
    }
    const frameTags = ['драма', 'комедия'];
    const before = renders;
    await render(newPage(), Listed, { items: frameTags });
    expect((await render(newPage(), Listed, { items: frameTags })).html).toContain('комедия');
    expect(renders).toBe(before + 1);
    expect((await render(newPage(), Listed, { items: ['триллер'] })).html).toContain('триллер');
    expect(renders).toBe(before + 2);
  });

  it('renders a card where it stands, each time, so a build holds no card\'s HTML', async () => {
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
    expect(renders).toBe(before + 3);
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
