/** sitemap.xml: every public page the build makes, with the site's public address. */
import type { APIRoute } from 'astro';
import { reader, SITE_URL } from '../lib/directus/build.ts';

const STATIC_PATHS = ['/', '/updates', '/about', '/copyright', '/privacy-policy', '/partners'];

export const GET: APIRoute = async () => {
  const [titles, actors, categories, tags] = await Promise.all([
    reader.getAllTitleSlugs(), reader.getAllActorSlugs(), reader.getCategories(), reader.getTags(),
  ]);
  const paths = [
    ...STATIC_PATHS,
    ...categories.flatMap((c) => [`/categories/${c.slug}`, `/categories/${c.slug}/new`]),
    ...tags.map((t) => `/tag/${t.slug}`),
    ...titles.flatMap((s) => [`/${s}`, `/${s}/actors`]),
    ...actors.map((s) => `/actors/${s}`),
  ];
  const urls = paths.map((p) => `  <url><loc>${SITE_URL}${encodeURI(p)}</loc></url>`).join('\n');
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
