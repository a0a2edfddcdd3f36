/** /sitemap-{n}.xml: one file of the sitemap, up to the protocol's 50,000 addresses. */
import type { APIRoute } from 'astro';
import { publicPathCount, publicPaths, rendersSitemapFiles, SITE_URL } from '../site-build/build-data.ts';
import { sitemapFileCount, sitemapSlice, urlsetXml, XML_HEADERS } from '../lib/sitemap.ts';

export async function getStaticPaths() {
  if (!(await rendersSitemapFiles())) return [];
  const files = sitemapFileCount(await publicPathCount());
  return Array.from({ length: files }, (_, i) => ({ params: { n: String(i + 1) } }));
}

export const GET: APIRoute = async ({ params }) =>
  new Response(urlsetXml(SITE_URL, sitemapSlice(await publicPaths(), Number(params.n))), { headers: XML_HEADERS });
