/**
 * A page's address made from its name: Russian letters in the common Latin transliteration
 * («Сёнэн» → `syonen`, «Любовь в Сеуле» → `lyubov-v-seule`), Latin accents off, anything else
 * between words a hyphen. The backend fills a missing slug with it and the admin app's slug field
 * shows it as the name is typed, so both give the same address.
 */

/** Russian letters as the site's slugs write them; the search's spelling of names starts from it too. */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '',
  ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** What a slug may be: Latin letters, digits and single hyphens between them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The longest slug made from a name; the shortest slug column holds 80. */
export const SLUG_MAX = 80;

/** The slug of a name, or '' when nothing in it can be written in Latin letters (a name in Korean only). */
export function slugFromName(name: unknown, max = SLUG_MAX): string {
  if (typeof name !== 'string') return '';
  let latin = '';
  for (const c of name.normalize('NFC').toLowerCase()) latin += CYRILLIC_TO_LATIN[c] ?? c;
  const words = latin.normalize('NFD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/).filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > max) return slug || word.slice(0, max);
    slug = next;
  }
  return slug;
}

/**
 * The first of `base`, `base-2`, `base-3`… that `isFree` allows; the suffix keeps within `max`
 * by shortening the base.
 */
export function firstFreeSlug(base: string, isFree: (slug: string) => boolean, max = SLUG_MAX): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : `-${n}`;
    const slug = `${base.slice(0, max - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (isFree(slug)) return slug;
  }
}
