/**
 * A shop's name colour is CSS an editor writes: a colour (`#e91e63`, `rgb(…)`, `crimson`) or a
 * gradient of colours. Every page that names the wearer paints it, so nothing in it may load
 * anything: no `url(…)`, and no quotes, slashes, colons or escapes that could spell an address.
 */
export const NAME_PAINT_ERROR = 'Цвет ника — цвет или градиент из цветов, без url(…)';

export function isNamePaint(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z0-9#(),.%\s-]+$/i.test(value) && !/url\s*\(/i.test(value) && value.trim() !== '';
}
