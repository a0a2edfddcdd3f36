/**
 * The server half of React islands in the static build. It renders what Astro's React renderer
 * renders, minus two costs every island of every page paid: Astro asks each renderer whether a
 * component is its own, and React's answer was to render the component once more to see; and the
 * HTML came through a web stream where one string will do (a static build waits for all of it).
 * React is the site's only framework, so every component that reaches a renderer is React's.
 * Islands given slots go to Astro's renderer, which knows how to pass them on.
 */
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { NamedSSRLoadedRendererValue, SSRResult } from 'astro';

/** How many islands each page has rendered so far. */
const islandsOf = new WeakMap<SSRResult, number>();

/**
 * The useId prefix of the page's next island, which the browser's hydration reads back from the
 * island's `prefix` attribute. 'i', so it never meets Astro's renderer's 'r0', 'r1'….
 */
function nextPrefix(result: SSRResult): string {
  const n = islandsOf.get(result) ?? 0;
  islandsOf.set(result, n + 1);
  return `i${n}`;
}

/** React hoists hints for the resources it meets; the page's head already has what it needs. */
const RESOURCE_HINTS = /<link\s[^>]*rel="(?:preload|modulepreload|stylesheet|preconnect|dns-prefetch)"[^>]*>/g;

/**
 * Every component is rendered where it stands, on every page. Keeping HTML for props seen before paid
 * while the frame's islands were rendered on every page; with the frame rendered once (RenderedOnce),
 * a build of 10,000 titles found 3 of 15,000 renders a part in it. Keeping every title's card for the
 * pages that show it again held hundreds of megabytes a part at 100,000 titles, and cost CPU.
 */
const renderHtml = (Component: ComponentType, props: Record<string, unknown>, prefix: string) =>
  renderToString(createElement(Component, props), { identifierPrefix: prefix }).replace(RESOURCE_HINTS, '');

const renderer: NamedSSRLoadedRendererValue = {
  name: 'site:react',
  supportsAstroStaticSlot: true,
  check: async (Component: unknown) => typeof Component === 'function' || (typeof Component === 'object' && Component !== null),
  async renderToStaticMarkup(this: { result: SSRResult }, Component: ComponentType, props: Record<string, unknown>, slots, metadata) {
    if (Object.keys(slots).length > 0) {
      const astroReact = (await import('@astrojs/react/server.js')).default;
      return astroReact.renderToStaticMarkup.call(this, Component, props, slots, metadata);
    }
    const prefix = nextPrefix(this.result);
    const { class: _class, ...own } = props;
    return { html: renderHtml(Component, own, prefix), attrs: { prefix } };
  },
};

export default renderer;
