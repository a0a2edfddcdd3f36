/**
 * Browser storage that never throws: on the server, in private modes that refuse writes, or in
 * tests without a DOM, reads give null and writes are dropped, so a store still works in memory.
 */

/** The page's localStorage, or null where there is none or it is blocked. */
export function storage(): Storage | null {
  try {
    return (globalThis as { localStorage?: Storage }).localStorage ?? null;
  } catch {
    return null;
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    /* quota or privacy mode: the value lives in memory only */
  }
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    /* nothing stored to remove */
  }
}

/** The <html> element in a browser, null elsewhere. */
export function rootElement(): HTMLElement | null {
  return (globalThis as { document?: Document }).document?.documentElement ?? null;
}
