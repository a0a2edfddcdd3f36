/**
 * Whether a home banner's «Подробнее» leads to a page the site has. A link elsewhere, or to a page no
 * slug names (a static page, a shell), always does; one naming a title, person, category or tag by its
 * slug does while that row has a page under that slug, or had one (a former slug sends on to it).
 * A banner made ahead for a title not yet published links once the title is.
 */
import { SLUG_PAGES, type FormerSlugCollection } from '../../../shared/former-slugs.ts';
import { RESERVED_SLUGS } from '../../../shared/rules.ts';

/** The slugs with a page, now or formerly, by collection. */
export type KnownSlugs = Readonly<Record<FormerSlugCollection, ReadonlySet<string>>>;

const RESERVED: ReadonlySet<string> = new Set(RESERVED_SLUGS);

// A category's filter screen answers to the category's name as well as its slug: not judged here.
const NAMED_PAGES = Object.entries(SLUG_PAGES).flatMap(([collection, pages]) => pages
  .filter(([page]) => !page.endsWith('/filter'))
  .map(([page]) => ({ collection: collection as FormerSlugCollection, pattern: new RegExp(`^${page.replace('{}', '([^/]+)')}$`) })));

/** The row a path of the site names by its slug, or null when it names none. */
export function slugNamedBy(pathname: string): { collection: FormerSlugCollection; slug: string } | null {
  for (const { collection, pattern } of NAMED_PAGES) {
    const slug = pattern.exec(pathname)?.[1];
    // A title's address is /{slug}: the site's own routes are never one.
    if (slug && !(collection === 'titles' && RESERVED.has(slug))) return { collection, slug };
  }
  return null;
}

/** Whether `link` (a valid banner link, shared/banner-link.ts) leads to a page of the site as `known` has it. */
export function leadsToPage(link: string, known: KnownSlugs): boolean {
  if (!link.startsWith('/')) return true;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(link, 'http://site.invalid').pathname).replace(/(.)\/+$/, '$1');
  } catch {
    return false;
  }
  const named = slugNamedBy(pathname);
  return !named || known[named.collection].has(named.slug);
}
