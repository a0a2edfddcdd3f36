/**
 * Addresses the frame links to, shared by the header, the footer and the mobile menu so the
 * three never disagree.
 */
import { EMPTY_FILTER, toSearchParams } from '../../lib/filter-query.ts';

export const categoryHref = (slug: string): string => `/categories/${encodeURIComponent(slug)}`;
export const tagHref = (slug: string): string => `/tag/${encodeURIComponent(slug)}`;

/** Kept as made: the header of every page links to the same few sub-categories. */
const subCategoryHrefs = new Map<string, string>();

/** A sub-category opens the category's filter screen narrowed to it. */
export function subCategoryHref(category: { slug: string; name: string }, subCategoryName: string): string {
  const key = `${category.slug}\n${category.name}\n${subCategoryName}`;
  let href = subCategoryHrefs.get(key);
  if (href === undefined) {
    const query = toSearchParams({ ...EMPTY_FILTER, subcategory: subCategoryName, category: category.name });
    subCategoryHrefs.set(key, (href = `${categoryHref(category.slug)}/filter?${query}`));
  }
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
