/**
 * Web addresses in what people write (chat messages, reviews): the text cut into plain parts and
 * links. Only http and https addresses written out in full become links; anything else (another
 * scheme, a bare domain, an email) stays text. linkify-it finds where an address ends as people
 * write them: trailing punctuation left out, brackets balanced, any script in the domain.
 */
import LinkifyIt from 'linkify-it';

export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

/**
 * The attributes every link in people's text carries: it opens apart, vouches for nothing, and reads
 * left to right whatever text is around it (`dir` isolates it, so a right-to-left override written
 * before an address cannot show it reversed as another site's).
 */
export const USER_LINK = { target: '_blank', rel: 'nofollow noopener ugc', dir: 'ltr' } as const;

/** Marks and overrides of writing direction: shown in an address, they make it read as another. */
const DIRECTION_CONTROLS = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const finder = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false })
  .add('ftp:', null)
  .add('//', null)
  .add('mailto:', null);

const WEB = /^https?:\/\//i;

export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const m of finder.match(text) ?? []) {
    // An address is its text as written (linkify-it adds nothing to http and https ones); a colon,
    // an ellipsis or a closing quote after it ends the sentence, not the address.
    const address = m.raw.replace(/[:…»”]+$/, '');
    if (!WEB.test(address)) continue;
    if (m.index > at) parts.push({ text: text.slice(at, m.index) });
    parts.push({ text: address.replace(DIRECTION_CONTROLS, ''), href: address });
    at = m.index + address.length;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at) });
  return parts;
}
