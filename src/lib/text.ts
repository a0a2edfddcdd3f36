/**
 * Text shaping for cards and banners: description cuts (200 on the title page,
 * 40 on cards and search cards, 55 on list cards), plain-text previews of rich text, year labels.
 */

export const ELLIPSIS = '…';

/** Runs of whitespace (newlines included) become one space: cards show a single line of prose. */
function squeeze(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The squeezed text as far as a cut at `max` can look (its first `max + 1` characters and a sign that
 * more follows): a plot of pages need not be squeezed whole for a card's forty characters.
 */
function squeezedHead(text: string, max: number): string {
  // A squeezed prefix agrees with the whole text's squeeze except at its very end, where a run of
  // spaces may be cut short or trimmed: beyond `max + 1` characters that end cannot matter.
  for (let room = 2 * max + 16; room < text.length; room *= 4) {
    const head = squeeze(text.slice(0, room));
    if (head.length > max + 1) return head;
  }
  return squeeze(text);
}

/** Punctuation that must not hang right before the ellipsis ("дорама, …" reads as a typo). */
const TRAILING = /[\s,.;:!?\-–—(«"'/]+$/u;

/**
 * At most `max` characters, the ellipsis included, cut at the last word boundary that fits.
 * A single word longer than the room is cut inside the word, since there is no boundary to use.
 */
export function cut(text: string | null | undefined, max: number): string {
  const clean = squeezedHead(text ?? '', max);
  if (clean.length <= max) return clean;
  if (max < 1) return '';
  const room = max - ELLIPSIS.length;
  const head = clean.slice(0, room);
  const boundary = clean[room] === ' ' ? room : head.lastIndexOf(' ');
  const body = (boundary > 0 ? head.slice(0, boundary) : head).replace(TRAILING, '');
  return (body || head) + ELLIPSIS;
}

/**
 * The first `max` characters of a text of paragraphs, the paragraphs kept (each squeezed to one line,
 * separated by a blank line): a biography folded reads as the editor wrote it, only shorter.
 */
export function cutParagraphs(text: string, max: number): string {
  const paragraphs = text.split(/\n\s*\n/).map((p) => squeeze(p)).filter(Boolean);
  const kept: string[] = [];
  let used = 0;
  for (const paragraph of paragraphs) {
    const separator = kept.length ? 2 : 0;
    if (used + separator + paragraph.length <= max) {
      kept.push(paragraph);
      used += separator + paragraph.length;
      continue;
    }
    const tail = cut(paragraph, max - used - separator);
    const last = kept.at(-1);
    // No word of the next paragraph fits: the last one kept ends in the ellipsis instead.
    if (tail.length <= ELLIPSIS.length && last !== undefined) kept[kept.length - 1] = cut(`${last} ${paragraph}`, max - used + last.length);
    else if (tail) kept.push(tail);
    break;
  }
  return kept.join('\n\n');
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', laquo: '«', raquo: '»',
  mdash: '—', ndash: '–', hellip: '…', copy: '©', shy: '',
};

function decodeEntity(entity: string, body: string): string {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/** Tags after which the text of the next block starts: they become a space, not nothing. */
const BLOCK_TAGS = /<\/?(?:p|div|br|li|ul|ol|h[1-6]|blockquote|tr|td|th|section|article|hr)\b[^>]*>/gi;

/**
 * Plain text of server rich text (banner descriptions, static pages) for previews and meta
 * descriptions. Not a sanitiser: its output is text and is rendered as text.
 */
export function stripHtml(html: string | null | undefined): string {
  const text = (html ?? '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(BLOCK_TAGS, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, decodeEntity);
  return squeeze(text);
}

/** "2024 г." as the card and the title banner show it; nothing for a missing or odd year. */
export function yearLabel(year: number | string | null | undefined): string {
  const n = typeof year === 'string' && /^\d+$/.test(year.trim()) ? Number(year) : year;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? `${n} г.` : '';
}
