/**
 * Rich text from the server (banner descriptions, static pages) is editors' HTML: it is cleaned
 * to a small allowlist before it is rendered, so a pasted script or handler never reaches a page.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'span'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  transformTags: {
    // Links that leave the site open apart and pass no referrer or opener.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return { tagName, attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs };
    },
  },
};

export function sanitizeRichText(html: string | null | undefined): string {
  return sanitizeHtml(html ?? '', OPTIONS);
}
