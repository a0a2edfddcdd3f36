/**
 * One frozen copy of each small value many rows repeat (a genre, a country, a category, a status), so
 * a catalogue of 100,000 titles keeps a few dozen of them rather than a copy a title: rows parsed from
 * JSON each bring their own.
 */
const kept = new Map<string, unknown>();

function frozen<T>(value: T): T {
  if (value && typeof value === 'object') for (const inner of Object.values(value)) frozen(inner);
  return Object.freeze(value);
}

/** The one copy of a value equal to `value` (compared as JSON); the first one met is kept, frozen. */
export function sharedValue<T>(value: T): T {
  if (value === null || (typeof value !== 'object' && typeof value !== 'string')) return value;
  const key = JSON.stringify(value);
  const found = kept.get(key) as T | undefined;
  if (found !== undefined) return found;
  kept.set(key, frozen(value));
  return value;
}
