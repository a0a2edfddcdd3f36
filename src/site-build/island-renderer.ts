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

/** Islands (hydrated) and components rendered to HTML alone, numbered apart on each page. */
type Numbered = 'island' | 'html';
const PREFIX: Record<Numbered, string> = { island: 'i', html: 's' };
const countsOf = new WeakMap<SSRResult, Record<Numbered, number>>();

/**
 * The useId prefix of the page's next component: for an island, the browser's hydration reads it
 * back from its `prefix` attribute. Islands count apart from the rest, so a page's islands are
 * numbered alike whether or not it is the page the frame's components (HTML alone, RenderedOnce)
 * were rendered on. 'i' and 's', so they never meet Astro's renderer's 'r0', 'r1'….
 */
function nextPrefix(result: SSRResult, kind: Numbered): string {
  let counts = countsOf.get(result);
  if (!counts) countsOf.set(result, (counts = { island: 0, html: 0 }));
  return `${PREFIX[kind]}${counts[kind]++}`;
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
    const prefix = nextPrefix(this.result, metadata?.hydrate ? 'island' : 'html');
    const { class: _class, ...own } = props;
    return { html: renderHtml(Component, own, prefix), attrs: { prefix } };
  },
};

export default renderer;
