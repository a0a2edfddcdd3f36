/** robots.txt: every page may be crawled; personal pages keep out of the index by their noindex (seo.ts). */
import type { APIRoute } from 'astro';
import { SITE_URL } from '../site-build/build-data.ts';
import { robotsTxt } from '../lib/seo.ts';

export const GET: APIRoute = () => new Response(robotsTxt(SITE_URL), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
