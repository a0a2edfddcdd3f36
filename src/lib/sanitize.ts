/**
 * Rich text from the server (banner descriptions, static pages) is editors' HTML: it is cleaned
 * to a small allowlist before it is rendered, so a pasted script or handler never reaches a page.
 */
import sanitizeHtml from 'sanitize-html';

/** Where relative addresses are resolved to judge them: only the site's own files pass. */
const SITE = 'http://site.invalid';

/**
 * A picture's address: from the web (http or https), or one of the site's files (/api/assets/…, the
 * uploads the admin app's editor inserts), however written (`/api/assets/../x` leaves the files).
 */
function isPictureAddress(src: string | undefined): boolean {
  if (!src) return false;
  if (/^https?:\/\//i.test(src)) return true;
  const url = URL.parse(src, SITE);
  return url?.origin === SITE && url.pathname.startsWith('/api/assets/');
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'span', 'img'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open apart and pass no referrer or opener.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs };
    },
  },
  // Seen after the attributes are cleaned: a link whose address was removed (javascript:) is its text
  // alone rather than a link going nowhere; a picture from anywhere else is dropped.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'a' && !frame.attribs['href']) return 'excludeTag';
    return frame.tag === 'img' && !isPictureAddress(frame.attribs['src']);
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}
