/**
 * Renders the routes marked in bulk-pages.ts with a loop of the build's own, before Astro renders the
 * rest: each page is asked of Astro's own renderer and written, and nothing of it is kept. Every page,
 * the loop's and Astro's own, leaves with its script policy (script-policy.ts) put in here: as a
 * middleware it cost each page Astro's middleware chain and a second response, its bytes copied twice.
 * Here too its stylesheets are put in one order (stylesheet-order.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer, PathWithRoute } from 'astro';
import { logged } from './build-log.ts';
import { handoff } from './handoff.ts';
import { shardOf } from './shard.ts';
import { countRenderedWholePages } from './whole-pages.ts';
import { isBulkRoute, pageOutput, renderEach } from './bulk-pages.ts';
import { withScriptPolicy } from './script-policy.ts';
import { islandStylesheet, putStylesheetLast, stylesheetLink } from './stylesheet-order.ts';

/**
 * Where pages go (the handoff's `pagesDir`, else Astro's output folder) and the origin of the
 * addresses they are rendered at, as Astro has them.
 */
interface Output {
  dir: string;
  origin: string;
  /** Where the site's files are served from (Astro's `base`), for the links to them. */
  base: string;
  /** The link to the islands' stylesheet, once the browser's bundle is written; none when they have no styles. */
  islandSheet?: Buffer;
  /** The folder the last page went to: a route's pages mostly share one (every person's page is in actors/). */
  lastFolder?: string;
}

/** A page (its bytes, the build's own) as it leaves the build: the islands' stylesheet last, its script policy put in. */
function finished(page: Uint8Array<ArrayBuffer>, out: Output): Uint8Array<ArrayBuffer> {
  if (out.islandSheet) putStylesheetLast(page, out.islandSheet);
  return withScriptPolicy(page);
}

async function renderPage(astro: AstroPrerenderer, out: Output, { pathname, route }: PathWithRoute): Promise<void> {
  const { file, href } = pageOutput(pathname, route.isIndex);
  const rendered = await astro.render(new Request(new URL(href, out.origin)), { routeData: route });
  const response = rendered instanceof Response ? rendered : rendered.response;
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status} when rendered`);
  const target = path.join(out.dir, file);
  const folder = path.dirname(target);
  if (folder !== out.lastFolder) mkdirSync((out.lastFolder = folder), { recursive: true });
  writeFileSync(target, finished(new Uint8Array(await response.arrayBuffer()), out));
}

/** A page Astro itself writes, finished as the loop's are. */
async function finishedResponse(response: Response, out: Output): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(finished(new Uint8Array(await response.arrayBuffer()), out), response);
}

/** Astro's prerenderer, with the marked routes' pages rendered by `renderPage` as the paths are asked for. */
function withBulkPages(astro: AstroPrerenderer, out: Output): AstroPrerenderer {
  return {
    name: 'site-build:bulk-pages',
    setup: () => astro.setup?.() ?? Promise.resolve(),
    teardown: () => astro.teardown?.() ?? Promise.resolve(),
    async render(request, options) {
      const rendered = await astro.render(request, options);
      return rendered instanceof Response ? finishedResponse(rendered, out) : { ...rendered, response: await finishedResponse(rendered.response, out) };
    },
    ...(astro.collectStaticImages ? { collectStaticImages: astro.collectStaticImages } : {}),
    async getStaticPaths() {
      const rest: PathWithRoute[] = [];
      /** The marked routes' pages, by route: each route's seconds are logged apart, so a build's log says which kind of page took them. */
      const bulk = new Map<string, PathWithRoute[]>();
      for (const page of await astro.getStaticPaths()) {
        const { route, type } = page.route;
        if (type !== 'page' || !isBulkRoute(route)) {
          rest.push(page);
          continue;
        }
        const pages = bulk.get(route);
        if (pages) pages.push(page);
        else bulk.set(route, [page]);
      }
      // The single pages every part renders are the lead's alone once the parts are put together.
      if (shardOf(handoff().part).lead) countRenderedWholePages(rest.filter((page) => page.route.type === 'page').length);
      for (const [route, pages] of bulk) {
        await logged(`${pages.length} pages of ${route} rendered by the build's loop`, () => renderEach(pages, (page) => renderPage(astro, out, page)), { costs: true });
      }
      return rest;
    },
  };
}

export default function bulkPages(): AstroIntegration {
  const out: Output = { dir: '', origin: '', base: '/' };
  return {
    name: 'site-build:bulk-pages',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [islandStylesheet((file) => (out.islandSheet = stylesheetLink(`${out.base}${file}`)))] } });
      },
      'astro:config:done': ({ config }) => {
        out.base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        out.dir = handoff().pagesDir ?? fileURLToPath(config.outDir);
        out.origin = config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`;
      },
      'astro:build:start': ({ setPrerenderer }) => setPrerenderer((astro) => withBulkPages(astro, out)),
    },
  };
}
