/**
 * The routing rules the static build needs, in ONE table: one origin for site
 * and API, and pages that depend on who is looking. `scripts/lib/static-server.ts` resolves requests with it, and
 * `deploy/nginx.conf.example` carries the same rules for production; `tests/unit/nginx-example.test.ts`
 * fails when the two drift apart.
 *
 * What Astro builds (static output, `build.format: 'preserve'`: a route keeps its file's shape, so
 * `x/index.astro` is `dist/x/index.html` and `x/y.astro` is `dist/x/y.html`):
 * - `/{slug}` and `/{slug}/actors`: ONE canonical build of each title and cast page. `/titles/{slug}` and
 *   `/titles/{slug}/actors` are rewrites onto them (same bytes, status 200; the pages carry
 *   `<link rel="canonical">` to `/{slug}`), so the catalogue is never built twice.
 * - `/profile/user`: the one shell of another user's profile (`src/pages/profile/user.astro`); its island
 *   reads the login from `location.pathname`. Every `/profile/{login}` except `edit` and `tariff` (own
 *   pages, built as themselves) is rewritten to it. A login literally `user` lands on the same shell.
 * - `/together`: the one shell of a watching-together room (`src/pages/together.astro`); every
 *   `/together/{code}` is rewritten to it and its island reads the code from the address.
 * - `/categories/{slug}/filter`: a static shell per category, built by Astro; served as an ordinary file,
 *   no rule needed (likewise `/profile`, `/profile/edit`, `/profile/tariff`, `/messages`, `/login`).
 * - `/404.html`: the 404 page. `/not-found`, a direct `/404.html` and every path without a file answer it
 *   with status 404.
 * - A path with a trailing slash is the same page as without it.
 *
 * `/api/*` never reaches this table: both servers proxy it to Directus first.
 *
 * Each rule's `pattern` is written once and used as is by JavaScript and by nginx (PCRE): plain groups,
 * character classes and a negative look-ahead only, matched against the decoded path.
 */
import { OWN_PROFILE_PAGES, RESERVED_SLUGS } from '../../shared/rules.ts';

/** The prefix proxied to Directus (stripped on the way). */
export const API_PREFIX = '/api';
/** Hashed build assets (`dist/_astro/`): cached for a year, immutable. */
export const ASSETS_PREFIX = '/_astro/';
/** The 404 page in dist. */
export const NOT_FOUND_FILE = '/404.html';
/** The shell of `/profile/{login}` in dist. */
export const PROFILE_SHELL_FILE = '/profile/user.html';
/** The shell of a watching-together room, `/together/{code}`, in dist. */
export const TOGETHER_SHELL_FILE = '/together.html';

/**
 * First path segments that are never a title slug, so `/titles/{slug}` cannot reach another section's
 * pages (`/titles/categories` is not the category index): the very list the backend refuses as slugs.
 */
export const RESERVED_SEGMENTS = RESERVED_SLUGS;

export interface RewriteRule {
  /** What the rule is for, also written as a comment above its nginx location. */
  name: string;
  /** Regular expression on the decoded path; identical text in JavaScript and in nginx (`location ~`). */
  pattern: string;
  /**
   * The dist file served, `$1` standing for the first capture (nginx: `try_files <target> =404`), the
   * first of several that exists, or `null` for "answer the 404 page with status 404" (nginx:
   * `return 404`). A missing target is a 404 too.
   */
  target: string | readonly string[] | null;
  /**
   * The nginx form when it is not the default `location ~ <pattern> { try_files <target> =404; }` /
   * `{ return 404; }`: the location line and one directive of its block.
   */
  nginx?: { location: string; directive: string };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const notReserved = `(?!(?:${RESERVED_SEGMENTS.map(escape).join('|')})(?:/|$))`;

/** The rules, tried in order; the first match wins (nginx: regex locations are tried in file order). */
export const REWRITE_RULES: readonly RewriteRule[] = [
  { name: 'the 404 page by name', pattern: '^/not-found/?$', target: null },
  {
    name: 'the 404 page file is not a page of its own',
    pattern: '^/404\\.html$',
    target: null,
    // `return 404` here would loop through `error_page 404 /404.html`; an internal location answers
    // outside requests with 404 (and so the 404 page) while error_page may still serve it.
    nginx: { location: 'location = /404.html', directive: 'internal;' },
  },
  { name: 'title page under /titles: the canonical /{slug} build', pattern: `^/titles/${notReserved}([^/]+)/?$`, target: '/$1/index.html' },
  { name: 'cast page under /titles: the canonical /{slug}/actors build', pattern: `^/titles/${notReserved}([^/]+)/actors/?$`, target: '/$1/actors.html' },
  { name: "another user's profile: one shell for every login", pattern: `^/profile/(?!(?:${OWN_PROFILE_PAGES.join('|')})/?$)[^/]+/?$`, target: PROFILE_SHELL_FILE },
  { name: 'a watching-together room: one shell for every code', pattern: '^/together/[^/]+/?$', target: TOGETHER_SHELL_FILE },
  { name: "a trailing slash: the folder's index.html, or the page of that name", pattern: '^/(.+)/$', target: ['/$1/index.html', '/$1.html'] },
];

const targetsOf = (rule: RewriteRule): readonly string[] => (typeof rule.target === 'string' ? [rule.target] : rule.target ?? []);

/** The nginx location line and the directive its block must hold, for `deploy/nginx.conf.example`. */
export function nginxForm(rule: RewriteRule): { location: string; directive: string } {
  if (rule.nginx) return rule.nginx;
  return {
    location: `location ~ ${rule.pattern}`,
    directive: rule.target === null ? 'return 404;' : `try_files ${targetsOf(rule).join(' ')} =404;`,
  };
}

export interface Resolved {
  /** Path of the file inside dist, starting with `/`. */
  file: string;
  status: 200 | 400 | 404;
  /** The rule that matched, when one did. */
  rule?: string;
}

const notFound = (rule?: string): Resolved => ({ file: NOT_FOUND_FILE, status: 404, ...(rule ? { rule } : {}) });

/**
 * Decodes a request path and refuses what could leave dist: malformed escapes and NUL are 400,
 * `..` / `.` segments and backslashes are 404. Returns the decoded path or the refusal.
 */
export function normalizePath(pathname: string): string | Resolved {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { file: NOT_FOUND_FILE, status: 400 };
  }
  if (decoded.includes('\0')) return { file: NOT_FOUND_FILE, status: 400 };
  if (!decoded.startsWith('/') || decoded.includes('\\')) return notFound();
  if (decoded.split('/').some((seg) => seg === '..' || seg === '.')) return notFound();
  return decoded.replace(/\/{2,}/g, '/');
}

/**
 * Which dist file answers `pathname` (the URL path without query, still percent-encoded), and with
 * which status. `exists(file)` says whether a regular file is at that dist path (e.g. `/a/index.html`).
 * The rules come first; otherwise the path itself, then `{path}/index.html`, then `{path}.html`.
 */
export function resolveRoute(pathname: string, exists: (file: string) => boolean): Resolved {
  const path = normalizePath(pathname);
  if (typeof path !== 'string') return path;

  for (const rule of REWRITE_RULES) {
    const m = new RegExp(rule.pattern).exec(path);
    if (!m) continue;
    if (rule.target === null) return notFound(rule.name);
    const file = targetsOf(rule).map((t) => t.replace(/\$(\d)/g, (_, i: string) => m[Number(i)] ?? '')).find(exists);
    return file ? { file, status: 200, rule: rule.name } : notFound(rule.name);
  }

  // Only `/` still ends with a slash here: the last rule took every other such path.
  const candidates = path.endsWith('/') ? [`${path}index.html`] : [path, `${path}/index.html`, `${path}.html`];
  for (const file of candidates) if (exists(file)) return { file, status: 200 };
  return notFound();
}
