/** A shop item's name colour (shared/name-paint.ts) is checked whoever writes it: it is painted on every page that names its wearer. */
import { NAME_PAINT_ERROR, isNamePaint } from '../../../../shared/name-paint.ts';
import { invalid } from '../../shared/errors.ts';
import type { Payload, Register } from './types.ts';

function checkPaint(payload: Payload): Payload {
  const paint: unknown = payload.nameColor;
  if ('nameColor' in payload && paint !== null && paint !== '' && !isNamePaint(paint)) invalid(NAME_PAINT_ERROR);
  return payload;
}

export function registerShopPaintRules({ filter }: Register): void {
  filter('shop.items.create', checkPaint);
  filter('shop.items.update', checkPaint);
}
