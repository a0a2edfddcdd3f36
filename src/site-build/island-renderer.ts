/**
 * The server half of React islands in the static build. It renders what Astro's React renderer
 * renders, minus two costs every island of every page paid: Astro asks each renderer whether a
 * component is its own, and React's answer was to render the component once more to see; and the
 * HTML came through a web stream where one string will do (a static build waits for all of it);
 * and the frame's islands were made again on every page.
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
 * The frame's islands (menus, modals, account link…) come with the same props on every page (the
 * same objects: the frame is read once per build), and mostly in the same place, so their HTML is
 * made once per component, prefix and props. Props are compared by identity, one level deep:
 * turning every island's props into a string to look them up cost more than it saved.
 */
interface Rendered { prefix: string; props: Record<string, unknown>; html: string }
const rendered = new Map<ComponentType, Rendered[]>();
/** Kept per component: a few places times a few prop sets, so pages' own islands cannot pile up. */
const KEPT_PER_COMPONENT = 16;

function sameProps(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

const renderHtml = (Component: ComponentType, props: Record<string, unknown>, prefix: string) =>
  renderToString(createElement(Component, props), { identifierPrefix: prefix }).replace(RESOURCE_HINTS, '');

function renderIsland(Component: ComponentType, props: Record<string, unknown>, prefix: string): string {
  let known = rendered.get(Component);
  if (!known) rendered.set(Component, (known = []));
  const hit = known.find((r) => r.prefix === prefix && sameProps(r.props, props));
  if (hit) return hit.html;
  const html = renderHtml(Component, props, prefix);
  if (known.length >= KEPT_PER_COMPONENT) known.shift();
  known.push({ prefix, props, html });
  return html;
}

/**
 * A component that is not hydrated (a card in a list) is rendered where it stands when it has props
 * of its own: keeping every title's card HTML for the pages that show it again held hundreds of
 * megabytes a build process at 100,000 titles, and a build of 30,000 titles took more CPU with it
 * (360–390 s) than without (288 s), its collector working over the kept text. Without object props
 * (the same on every page) it is kept as an island's is.
 */
function renderStatic(Component: ComponentType, props: Record<string, unknown>, prefix: string): string {
  const ownProps = Object.values(props).some((v) => typeof v === 'object' && v !== null);
  return ownProps ? renderHtml(Component, props, prefix) : renderIsland(Component, props, prefix);
}

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
    const html = metadata?.hydrate ? renderIsland(Component, own, prefix) : renderStatic(Component, own, prefix);
    return { html, attrs: { prefix } };
  },
};

export default renderer;
