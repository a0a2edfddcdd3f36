/**
 * A player's address, as an editor gives it for a title or an episode: another site's page over
 * https, or the site's own embedded player (`/embed/…`). The player puts it in a frame, so anything
 * else (`javascript:`, `data:`, a page of the site outside `/embed/`) would run as the site itself,
 * with the viewer's session.
 */
export const EMBED_ADDRESS_ERROR = 'Адрес плеера должен начинаться с https:// или /embed/';

/** The fields that hold a player's address, by collection. */
export const EMBED_FIELDS: Readonly<Record<string, readonly string[]>> = {
  titles: ['iframe', 'iframeSeries'],
  series: ['iframe'],
};

const OWN = 'https://own.invalid';

export function isEmbedAddress(value: unknown): value is string {
  // A URL parser drops leading spaces and reads `\` as `/`: the address is taken only as written.
  if (typeof value !== 'string' || /[\s\\]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value, OWN);
  } catch {
    return false;
  }
  if (value.startsWith('/')) return url.origin === OWN && url.pathname.startsWith('/embed/');
  return url.protocol === 'https:' && /^https:\/\/[^/]/i.test(value);
}
