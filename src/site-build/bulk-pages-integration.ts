/**
 * Renders the routes marked in bulk-pages.ts with a loop of the build's own, before Astro renders the
 * rest: each page is asked of Astro's own renderer and written, and nothing of it is kept. Every page,
 * the loop's and Astro's own, leaves with its script policy (script-policy.ts) put in here: as a
 * middleware it cost each page Astro's middleware chain and a second response, its bytes copied twice.
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

/**
 * Where pages go (the handoff's `pagesDir`, else Astro's output folder) and the origin of the
 * addresses they are rendered at, as Astro has them.
 */
interface Output {
  dir: string;
  origin: string;
  /** The folder the last page went to: a route's pages mostly share one (every person's page is in actors/). */
  lastFolder?: string;
}

async function renderPage(astro: AstroPrerenderer, out: Output, { pathname, route }: PathWithRoute): Promise<void> {
  const { file, href } = pageOutput(pathname, route.isIndex);
  const rendered = await astro.render(new Request(new URL(href, out.origin)), { routeData: route });
  const response = rendered instanceof Response ? rendered : rendered.response;
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status} when rendered`);
  const target = path.join(out.dir, file);
  const folder = path.dirname(target);
  if (folder !== out.lastFolder) mkdirSync((out.lastFolder = folder), { recursive: true });
  writeFileSync(target, withScriptPolicy(new Uint8Array(await response.arrayBuffer())));
}

/** A page Astro itself writes, with its script policy put in. */
async function withPolicy(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(withScriptPolicy(new Uint8Array(await response.arrayBuffer())), response);
}

/** Astro's prerenderer, with the marked routes' pages rendered by `renderPage` as the paths are asked for. */
function withBulkPages(astro: AstroPrerenderer, out: Output): AstroPrerenderer {
  return {
    name: 'site-build:bulk-pages',
    setup: () => astro.setup?.() ?? Promise.resolve(),
    teardown: () => astro.teardown?.() ?? Promise.resolve(),
    async render(request, options) {
      const rendered = await astro.render(request, options);
      return rendered instanceof Response ? withPolicy(rendered) : { ...rendered, response: await withPolicy(rendered.response) };
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
  const out: Output = { dir: '', origin: '' };
  return {
    name: 'site-build:bulk-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        out.dir = handoff().pagesDir ?? fileURLToPath(config.outDir);
        out.origin = config.site ? new URL(config.site).origin : `http://localhost:${config.server.port}`;
      },
      'astro:build:start': ({ setPrerenderer }) => setPrerenderer((astro) => withBulkPages(astro, out)),
    },
  };
}
