/** sitemap.xml: the index of the sitemap files that list every public page the build makes. */
import type { APIRoute } from 'astro';
import { publicPathCount, SITE_URL } from '../site-build/build-data.ts';
import { sitemapFileCount, sitemapIndexXml, XML_HEADERS } from '../lib/sitemap.ts';

export const GET: APIRoute = async () =>
  new Response(sitemapIndexXml(SITE_URL, sitemapFileCount(await publicPathCount())), { headers: XML_HEADERS });
