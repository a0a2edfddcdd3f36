/**
 * A page's Content-Security-Policy for scripts, written into the page itself: scripts load from the
 * site's own origin, and an inline one runs only if it is one the page was built with (by its hash).
 * Markup that reached a page some other way runs nothing. A meta tag rather than a header, so a page
 * carries its own policy to any server or CDN and an edit's build needs nothing else updated.
 */
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
/** Scripts that hold data, not code: never run, so they need no hash. */
const DATA_TYPE = /\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The pages of a build share a few inline scripts: each is hashed once. */
const hashes = new Map<string, string>();

function hashOf(script: string): string {
  let hash = hashes.get(script);
  if (!hash) hashes.set(script, (hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`));
  return hash;
}

/** The policy that lets exactly these inline scripts run, with the site's own script files. */
export function scriptPolicy(html: string): string {
  const allowed = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    allowed.add(hashOf(body));
  }
  return ["script-src 'self'", ...allowed].join(' ') + "; object-src 'none'; base-uri 'self'";
}

const CHARSET = '<meta charset="utf-8">';

/** The page with its script policy at the top of its head (after the charset), before any script. */
export function withScriptPolicy(html: string): string {
  const charset = html.indexOf(CHARSET);
  const head = html.indexOf('<head>');
  if (head < 0) return html;
  const at = charset > head ? charset + CHARSET.length : head + '<head>'.length;
  return `${html.slice(0, at)}<meta http-equiv="Content-Security-Policy" content="${scriptPolicy(html)}">${html.slice(at)}`;
}
