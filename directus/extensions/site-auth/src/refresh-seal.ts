/**
 * The refresh token a page holds is Directus's session key sealed with a keyed hash of it. Directus
 * checks an access token against its session by that key (the `session` claim, session-tokens.ts),
 * and the claim is readable by anyone who sees the token; the key alone is no longer a refresh token.
 * REST's /auth/refresh and /auth/logout take a sealed token only, and open it for Directus.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const mac = (secret: string, key: string) => createHmac('sha256', secret).update(`refresh-seal:${key}`).digest('base64url');

/** The refresh token handed out for Directus's session key `key`. */
export function sealRefresh(secret: string, key: string): string {
  return `${key}.${mac(secret, key)}`;
}

/** Directus's session key inside a token this backend sealed; null for anything else. */
export function openRefresh(secret: string, sealed: unknown): string | null {
  if (typeof sealed !== 'string') return null;
  // Directus's keys (nanoid) hold no dot, so the seal is all after the last one.
  const dot = sealed.lastIndexOf('.');
  if (dot <= 0) return null;
  const key = sealed.slice(0, dot);
  const given = Buffer.from(sealed.slice(dot + 1));
  const expected = Buffer.from(mac(secret, key));
  return given.length === expected.length && timingSafeEqual(given, expected) ? key : null;
}
