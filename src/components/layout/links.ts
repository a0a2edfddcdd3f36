/**
 * Addresses the frame links to, shared by the header, the footer, the mobile menu and the category
 * pages so they never disagree.
 */
import { EMPTY_FILTER, toSearchParams, type FilterState } from '../../lib/filter-query.ts';

export const categoryHref = (slug: string): string => `/categories/${encodeURIComponent(slug)}`;
export const tagHref = (slug: string): string => `/tag/${encodeURIComponent(slug)}`;

/**
 * Letters beyond ASCII as themselves rather than percent-encoded: a browser encodes them as it follows
 * the link, and every page carries these addresses in its header and menu (a Cyrillic letter is 2
 * bytes here, 6 encoded). Anything else that needed encoding stays encoded.
 */
export const readableHref = (href: string): string =>
  href.replace(/(?:%[C-F][0-9A-F](?:%[89AB][0-9A-F])+)+/gi, (bytes) => {
    try {
      return decodeURIComponent(bytes);
    } catch {
      return bytes; // not UTF-8: left as it was
    }
  });

/** The footer's category list: where a phone without scripts (no burger menu) finds the categories. */
export const FOOTER_CATALOGUE_ID = 'footer-catalogue';

type Category = { slug: string; name: string };

/** The category's filter screen narrowed to a sub-category or a genre, in the screen's own URL form. */
export function categoryFilterHref(category: Category, choice: Partial<Pick<FilterState, 'subcategory' | 'genres'>>): string {
  const query = toSearchParams({ ...EMPTY_FILTER, ...choice, category: category.name });
  return readableHref(`${categoryHref(category.slug)}/filter?${query}`);
}

/** Kept as made: the header of every page links to the same few sub-categories. */
const subCategoryHrefs = new Map<string, string>();

/** A sub-category opens the category's filter screen narrowed to it. */
export function subCategoryHref(category: Category, subCategoryName: string): string {
  const key = `${category.slug}\n${category.name}\n${subCategoryName}`;
  let href = subCategoryHrefs.get(key);
  if (href === undefined) subCategoryHrefs.set(key, (href = categoryFilterHref(category, { subcategory: subCategoryName })));
  return href;
}

/** The frame's fixed pages. */
export const FRAME_LINKS = {
  home: '/',
  updates: '/updates',
  login: '/login',
  profile: '/profile',
  about: '/about',
  copyright: '/copyright',
  privacy: '/privacy-policy',
} as const;
