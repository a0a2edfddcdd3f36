/**
 * Addresses the frame links to, shared by the header, the footer and the mobile menu so the
 * three never disagree.
 */
import { EMPTY_FILTER, toSearchParams } from '../../lib/filter-query.ts';

export const categoryHref = (slug: string): string => `/categories/${encodeURIComponent(slug)}`;
export const tagHref = (slug: string): string => `/tag/${encodeURIComponent(slug)}`;

/** A sub-category opens the category's filter screen narrowed to it. */
export function subCategoryHref(category: { slug: string; name: string }, subCategoryName: string): string {
  const query = toSearchParams({ ...EMPTY_FILTER, subcategory: subCategoryName, category: category.name });
  return `${categoryHref(category.slug)}/filter?${query}`;
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
