/**
 * Where a person goes after signing in or registering: back to the screen that sent them to /login
 * (`/login?next=/profile/edit`), else the page of this site they came from, or home. Only a path of
 * this site is followed, so a link made elsewhere cannot use the sign-in page to send someone off the site.
 */

/** The query parameter of /login that names the screen to return to. */
export const NEXT_PARAM = 'next';

const HOME = '/';

/** Never returned to: the sign-in page would only show the form again, a reset link is spent. */
const NOT_RETURNED_TO = new Set(['/login', '/login/', '/reset-password', '/reset-password/']);

/**
 * The path, query and hash of `next` when it is a path on `origin`; home otherwise. The address is
 * resolved first and what is returned is checked again as the browser will read it: '/.//host'
 * resolves to the path '//host', which a browser takes for another site.
 */
export function returnPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/')) return HOME;
  const site = new URL(origin).origin;
  let url: URL;
  try {
    url = new URL(next, site);
  } catch {
    return HOME;
  }
  if (url.origin !== site) return HOME;
  if (NOT_RETURNED_TO.has(url.pathname)) return HOME;
  const path = `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
  return new URL(path, site).origin === site ? path : HOME;
}

/**
 * Where /login sends a person once signed in: the screen `?next=` names (home if it names another
 * site), else the page of this site they came from (the header's icon leads to /login without
 * `?next=`), else home.
 */
export function afterSignInPath(search: string, referrer: string, origin: string): string {
  const next = new URLSearchParams(search).get(NEXT_PARAM);
  if (next !== null) return returnPath(next, origin);
  let from: URL;
  try {
    from = new URL(referrer);
  } catch {
    return HOME;
  }
  return from.origin === new URL(origin).origin ? returnPath(`${from.pathname}${from.search}${from.hash}`, origin) : HOME;
}

/** The sign-in page that returns to `path` afterwards (for screens that need a signed-in person). */
export function loginHref(path: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}
