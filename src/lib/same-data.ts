/**
 * Whether two values hold the same data: primitives alike, arrays and plain objects alike key by key.
 * For views rebuilt from the same rows (a title's threads are made afresh at every live change), so a
 * part that draws one can skip drawing it again. Anything else (a function, a Map) only as itself.
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (!isData(a) || !isData(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length
    && keys.every((k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

function isData(v: unknown): v is object {
  if (typeof v !== 'object' || v === null) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return Array.isArray(v) || proto === Object.prototype || proto === null;
}
