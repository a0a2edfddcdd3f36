/** robots.txt: everything public may be indexed; personal pages may not. */
import type { APIRoute } from 'astro';
import { SITE_URL } from '../site-build/build-data.ts';

export const GET: APIRoute = () =>
  new Response(
    ['User-agent: *', 'Disallow: /profile', 'Disallow: /messages', 'Disallow: /login', 'Disallow: /reset-password', 'Disallow: /api/', `Sitemap: ${SITE_URL}/sitemap.xml`, ''].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
