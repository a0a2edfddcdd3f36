/**
 * How deep a frame's JSON text nests, read without parsing it: Directus's handling of a parsed
 * frame recurses (socket-depth.ts), so a frame must be judged while it is still text. Brackets count
 * outside strings only; a string ends at a quote that no backslash escapes.
 */
import { MAX_NESTING } from '../../shared/nesting.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENING = new Set([0x5b, 0x7b]);
const CLOSING = new Set([0x5d, 0x7d]);

/** True when objects or arrays in `text` nest more than `max` levels, as `nestsDeeperThan` says of its value. */
export function textNestsDeeperThan(text: string, max = MAX_NESTING): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (OPENING.has(c)) {
      if (++depth > max) return true;
    } else if (CLOSING.has(c) && depth > 0) depth--;
  }
  return false;
}
