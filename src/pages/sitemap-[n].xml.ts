/** /sitemap-{n}.xml: one file of the sitemap, up to the protocol's 50,000 addresses, each with its page's last change where known. */
import type { APIRoute } from 'astro';
import { publicPathCount, publicPaths, sitemapFilesRendered, SITE_URL } from '../site-build/build-data.ts';
import { sitemapFileCount, sitemapSlice, urlsetXml, XML_HEADERS } from '../lib/sitemap.ts';

export async function getStaticPaths() {
  const rendered = await sitemapFilesRendered();
  if (rendered !== 'all' && !rendered.size) return [];
  const files = Array.from({ length: sitemapFileCount(await publicPathCount()) }, (_, i) => i + 1);
  return files.filter((n) => rendered === 'all' || rendered.has(n)).map((n) => ({ params: { n: String(n) } }));
}

export const GET: APIRoute = async ({ params }) =>
  new Response(urlsetXml(SITE_URL, sitemapSlice(await publicPaths(), Number(params.n))), { headers: XML_HEADERS });
