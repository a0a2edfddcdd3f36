/**
 * The build's reader: pages are rendered in Node at build time, from the Directus named by
 * DIRECTUS_URL (the local one by default). One reader per build, so shared lists are fetched once.
 */
import { once } from '../once.ts';
import { loadCatalogue } from './catalogue.ts';
import { createReader } from './reader.ts';

export const DIRECTUS_URL = process.env.DIRECTUS_URL ?? `http://127.0.0.1:${process.env.DIRECTUS_PORT ?? 8055}`;

export const reader = createReader(DIRECTUS_URL);

/** Every published title and every person, read once for all their pages (see catalogue.ts). */
export const getCatalogue = once(() => loadCatalogue(reader));

/** What the frame of every page (header, menus, footer) shows. */
export interface SiteFrame {
  categories: { name: string; slug: string; subCategories: { name: string; slug: string }[] }[];
  tags: { name: string; slug: string }[];
  vk: string | null;
  telegram: string | null;
}

export async function loadFrame(): Promise<SiteFrame> {
  const [categories, tags, settings] = await Promise.all([reader.getCategories(), reader.getTags(), reader.getStatic()]);
  return {
    categories: categories.map((c) => ({
      name: c.name,
      slug: c.slug,
      subCategories: (c.subCategories ?? [])
        .filter((s): s is Extract<typeof s, object> => typeof s === 'object' && s !== null)
        .map((s) => ({ name: s.name, slug: s.slug })),
    })),
    tags: tags.map((t) => ({ name: t.name, slug: t.slug })),
    vk: settings?.vk ?? null,
    telegram: settings?.telegram ?? null,
  };
}

/** The public address of the site, for canonical links, OpenGraph and structured data. */
export const SITE_URL = (process.env.SITE_URL ?? `http://127.0.0.1:${process.env.SITE_PORT ?? 4321}`).replace(/\/+$/, '');

/** Static paths of the pages built once per published title (the title page and its cast page), each with its title. */
export async function titlePaths() {
  const { titles } = await getCatalogue();
  return titles.map((title) => ({ params: { slug: title.slug }, props: { title } }));
}

/** Static paths of the actor pages, each with its person. */
export async function actorPaths() {
  const { actors } = await getCatalogue();
  return actors.map((actor) => ({ params: { slug: actor.slug }, props: { actor } }));
}

/** Static paths of the pages built once per category (its page and its 'new' screen). */
export async function categoryPaths() {
  const categories = await reader.getCategories();
  return categories.map((c) => ({ params: { slug: c.slug } }));
}

const STATIC_PATHS = ['/', '/updates', '/about', '/copyright', '/privacy-policy', '/partners'];

/** Every public page the build makes, for the sitemap. */
export const publicPaths = once(async (): Promise<string[]> => {
  const [{ titles, actors }, categories, tags] = await Promise.all([getCatalogue(), reader.getCategories(), reader.getTags()]);
  return [
    ...STATIC_PATHS,
    ...categories.flatMap((c) => [`/categories/${c.slug}`, `/categories/${c.slug}/new`]),
    ...tags.map((t) => `/tag/${t.slug}`),
    ...titles.flatMap((t) => [`/${t.slug}`, `/${t.slug}/actors`]),
    ...actors.map((a) => `/actors/${a.slug}`),
  ];
});
