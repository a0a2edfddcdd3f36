// The public site: static pages built from Directus, with React islands where people interact.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import reactIslandsRenderer from './src/site-build/island-renderer-integration.ts';
import buildDoneWaits from './src/site-build/build-done-integration.ts';
import bulkPages from './src/site-build/bulk-pages-integration.ts';
import siteDirectives from './src/directives/integration.ts';

/**
 * A lazily imported chunk fetches its own imports when it runs instead of listing every one of them
 * up front for preloading: those lists would otherwise ride in every visitor's scripts, for parts
 * only signed-in people load. Its CSS is still loaded with it. (Astro sets `build.modulePreload`
 * itself, so this goes through the client environment.)
 */
const lazyChunksFetchTheirOwnImports = {
  name: 'lazy-chunks-fetch-their-own-imports',
  configEnvironment: (name) => (name === 'client'
    ? { build: { modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((d) => d.endsWith('.css')) } } }
    : undefined),
};

export default defineConfig({
  output: 'static',
  // Stylesheets as files: a browser keeps them for the next page, and a build of tens of thousands of
  // pages no longer writes the same few kilobytes of styles into each one.
  // Pages keep their route file's shape: `actors/[slug].astro` is `actors/{slug}.html`, `[slug]/index.astro`
  // is `{slug}/index.html`. A folder for each of 50,000 pages cost the build more system time than
  // writing the pages; now only a title has one (its page and its cast page).
  build: { inlineStylesheets: 'never', format: 'preserve' },
  // Scoped styles as a class on the elements rather than a `data-astro-cid-…` attribute: the same
  // specificity, 9 bytes less an element, about 1.2 KB on every page.
  scopedStyleStrategy: 'class',
  integrations: [reactIslandsRenderer(), react(), siteDirectives(), bulkPages(), buildDoneWaits()],
  // One stylesheet for the pages' components and one for the islands', kept for every next page, rather
  // than a dozen small ones per page: each blocked the first paint for a round trip of its own.
  vite: { plugins: [lazyChunksFetchTheirOwnImports], build: { cssCodeSplit: false } },
  server: { port: Number(process.env.SITE_PORT ?? 4321), host: '127.0.0.1' },
});
