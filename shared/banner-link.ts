/**
 * Where a home banner's «Подробнее» may lead: a page of the site (`/…`) or a page elsewhere over
 * http(s). Anything else (`javascript:`, `data:`, `//host`) is refused as it is saved, and left out
 * of the page if it is stored already.
 */
export const BANNER_LINK_ERROR = 'Ссылка баннера — адрес страницы сайта (/…) или ссылка вида https://…';

export function isBannerLink(value: unknown): value is string {
  if (typeof value !== 'string' || value !== value.trim() || value === '') return false;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
