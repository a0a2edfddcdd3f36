/**
 * Where a person goes after signing in: back to the screen that sent them to /login
 * (`/login?next=/profile/edit`), or home. Only a path of this site is followed, so a link made
 * elsewhere cannot use the sign-in page to send someone off the site.
 */

/** The query parameter of /login that names the screen to return to. */
export const NEXT_PARAM = 'next';

const HOME = '/';

/** The path, query and hash of `next` when it is a path on `origin`; home otherwise. */
export function returnPath(next: string | null | undefined, origin: string): string {
  // A path starts with one slash: '//host' and '/\host' are addresses of other sites to a browser.
  if (!next || !/^\/(?![/\\])/.test(next)) return HOME;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return HOME;
  }
  if (url.origin !== new URL(origin).origin) return HOME;
  // Returning to the sign-in page itself would only show the form again.
  if (url.pathname === '/login' || url.pathname === '/login/') return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page that returns to `path` afterwards (for screens that need a signed-in person). */
export function loginHref(path: string): string {
  return `/login?${new URLSearchParams({ [NEXT_PARAM]: path })}`;
}
