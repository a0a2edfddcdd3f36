/**
 * The site's raster pictures, drawn from its SVGs on this machine: the share picture social networks
 * show for a page without one of its own (none of them shows an SVG), and /favicon.ico, which browsers
 * and search engines ask for whatever the page links. Both are kept in public/ (scripts/pictures.ts
 * writes them): the wordmark is text, and another machine's fonts would draw it otherwise.
 */
import sharp from 'sharp';
import { SHARE_PICTURE } from '../../src/lib/seo.ts';
/** The sizes in favicon.ico: a tab, a taskbar or a bookmark, and a search result. */
export const FAVICON_SIZES = [16, 32, 48] as const;

/** The logo (public/logo.svg) large on the site's light background, with what the site shows. */
const SHARE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_PICTURE.width}" height="${SHARE_PICTURE.height}" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff4f86"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient>
    <linearGradient id="word" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#e5386b"/><stop offset="1" stop-color="#7c4ddb"/></linearGradient>
  </defs>
  <rect width="1200" height="630" fill="#f6f7fb"/>
  <rect x="130" y="200" width="160" height="160" rx="44" fill="url(#mark)"/>
  <path d="M192 245v70l57-35z" fill="#fff"/>
  <text x="330" y="307" font-family="'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif" font-size="84" font-weight="800" fill="url(#word)">Дорамы <tspan font-weight="400">онлайн</tspan></text>
  <text x="332" y="362" font-family="'Segoe UI', Roboto, 'DejaVu Sans', Arial, sans-serif" font-size="34" fill="#5b6275">Дорамы, лакорны, аниме и азиатское кино</text>
</svg>`;

/** The share picture as a PNG of few colours (a flat picture: a few kilobytes). */
export function sharePicture(): Promise<Buffer> {
  return sharp(Buffer.from(SHARE_SVG)).png({ palette: true, compressionLevel: 9, effort: 10 }).toBuffer();
}

/**
 * An .ico holding `images` (PNGs, as every browser since 2007 reads inside one): a six-byte header,
 * a sixteen-byte entry for each, then the images.
 */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    // 256 is written as 0.
    header.writeUInt8(size % 256, at);
    header.writeUInt8(size % 256, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

/** favicon.ico from the site's SVG icon, at FAVICON_SIZES. */
export async function faviconIco(svg: Buffer): Promise<Buffer> {
  const images = await Promise.all(FAVICON_SIZES.map(async (size) => ({
    size,
    png: await sharp(svg, { density: (72 * size) / 16 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
  })));
  return icoOf(images);
}
