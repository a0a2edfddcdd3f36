/**
 * Where a person goes after signing in: back to the screen that sent them to /login
 * (`/login?next=/profile/edit`), or home. Only a path of this site is followed, so a link made
 * elsewhere cannot use the sign-in page to send someone off the site.
 */

/** The query parameter of /login that names the screen to return to. */
export const NEXT_PARAM = 'next';

const HOME = '/';

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
  // Returning to the sign-in page itself would only show the form again.
  if (url.pathname === '/login' || url.pathname === '/login/') return HOME;
  const path = `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
  return new URL(path, site).origin === site ? path : HOME;
}

/** The sign-in page that returns to `path` afterwards (for screens that need a signed-in person). */
export function loginHref(path: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}
