/**
 * A page's cache key: a digest of everything its HTML is made from (the code, the site's address,
 * the frame and the page's own data). Equal keys mean the previous build's HTML can be kept.
 */
import { createHash } from 'node:crypto';

/**
 * The digest of `parts` as JSON. Rows read the same way serialise their fields in the same order;
 * were the order ever to differ, the page would only be rendered again, never kept wrongly.
 */
export function pageKey(...parts: unknown[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(JSON.stringify(part) ?? 'undefined').update('\0');
  return hash.digest('base64url');
}
