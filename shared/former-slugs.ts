/**
 * A title, person, category or tag whose slug changed keeps its former addresses: the site sends them on
 * to its page now with a permanent redirect. The backend records each former slug (`formerSlugs` in
 * directus/schema, site-rules/former-slugs.ts) and answers those that lead somewhere for the build
 * (GET /site/former-slugs); the build writes the redirects (scripts/lib/redirects.ts).
 */

/** Where the backend keeps them. */
export const FORMER_SLUGS = 'formerSlugs';

/** The collections whose slug is in a page's address. */
export const FORMER_SLUG_COLLECTIONS = ['titles', 'actors', 'categories', 'tags'] as const;
export type FormerSlugCollection = (typeof FORMER_SLUG_COLLECTIONS)[number];

/**
 * A former slug and the slug its row has now: of a published title, or of any person, category or tag.
 * One that a row of the collection holds now is that row's page, never a redirect.
 */
export interface FormerSlug {
  collection: FormerSlugCollection;
  from: string;
  to: string;
}

/**
 * The pages a row has by its slug (`{}`), and where each is sent from a former slug: the same page at the
 * slug now, a title's under /titles at its canonical address.
 */
export const SLUG_PAGES: Readonly<Record<FormerSlugCollection, readonly (readonly [from: string, to: string])[]>> = {
  titles: [['/{}', '/{}'], ['/{}/actors', '/{}/actors'], ['/titles/{}', '/{}'], ['/titles/{}/actors', '/{}/actors']],
  actors: [['/actors/{}', '/actors/{}']],
  categories: [['/categories/{}', '/categories/{}'], ['/categories/{}/new', '/categories/{}/new'], ['/categories/{}/filter', '/categories/{}/filter']],
  tags: [['/tag/{}', '/tag/{}']],
};
