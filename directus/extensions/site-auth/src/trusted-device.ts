/**
 * A browser that has signed in to an account before carries a signed cookie naming that account
 * (by a keyed hash of its email, never the email itself). Failed sign-ins from it are counted per
 * device, not per email, so a stranger guessing someone's password never locks them out of the
 * browsers they already use.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'site_device';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');
const emailTag = (secret: string, email: string) => mac(secret, `device-email:${email}`).slice(0, 22);

/** A new cookie value for a browser that just signed in to `email`. */
export function deviceCookie(secret: string, email: string): string {
  const body = `${randomBytes(12).toString('base64url')}.${emailTag(secret, email)}`;
  return `${body}.${mac(secret, body)}`;
}

/** The device's id when the cookie is ours and names this email; null otherwise. */
export function trustedDevice(secret: string, cookie: unknown, email: string): string | null {
  if (typeof cookie !== 'string') return null;
  const [id, tag, signature] = cookie.split('.');
  if (!id || !tag || !signature) return null;
  const expected = Buffer.from(mac(secret, `${id}.${tag}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return tag === emailTag(secret, email) ? id : null;
}
