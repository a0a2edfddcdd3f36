import { isPathSegment } from '../../shared/path-segment.ts';

interface Category {
  slug: string;
  name: string;
}

/**
 * The addresses a category's filter screen is built at: its slug, and its name where the name can be
 * one part of an address and no other category has it as a name or slug. The backend refuses such
 * names; one stored before must not fail the whole build.
 */
export function filterRoutes(categories: readonly Category[]): { route: string; slug: string }[] {
  const slugs = new Set(categories.map((c) => c.slug));
  const named = categories.filter((c) => isPathSegment(c.name) && !slugs.has(c.name) && categories.filter((o) => o.name === c.name).length === 1);
  return [...categories.map((c) => ({ route: c.slug, slug: c.slug })), ...named.map((c) => ({ route: c.name, slug: c.slug }))];
}
