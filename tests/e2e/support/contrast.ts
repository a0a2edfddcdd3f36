/**
 * Text contrast as WCAG 2 defines it, from the colours the browser computed: what a text is painted with
 * (its colour, or every stop of a gradient drawn through its letters) against what is behind it (the
 * first opaque background up the tree, with the translucent ones over it laid on top). A picture on the
 * way has no one colour: it is reported, and the contrast is then unknown.
 */
import type { Locator } from 'playwright-core';

export type Rgba = [number, number, number, number];

/** Every colour written in a computed value: rgb(), rgba() and color(srgb …), in order. */
export function coloursIn(css: string): Rgba[] {
  const found: Rgba[] = [];
  for (const m of css.matchAll(/rgba?\(([^)]+)\)|color\(srgb ([^)]+)\)/g)) {
    const parts = (m[1] ?? m[2]!).split(/[\s,/]+/).filter(Boolean).map(Number);
    const [r, g, b] = m[1] ? parts : parts.slice(0, 3).map((v) => v * 255);
    found.push([r!, g!, b!, parts[3] ?? 1]);
  }
  return found;
}

/** The layers of a computed background-image, split at their top-level commas. */
export function layersOf(images: string): string[] {
  const layers: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < images.length; i++) {
    if (images[i] === '(') depth++;
    else if (images[i] === ')') depth--;
    else if (images[i] === ',' && depth === 0) {
      layers.push(images.slice(start, i).trim());
      start = i + 1;
    }
  }
  layers.push(images.slice(start).trim());
  return layers.filter((l) => l !== 'none');
}

/** `top` laid over `bottom` (source-over). */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3] + bottom[3] * (1 - top[3]);
  if (a === 0) return [0, 0, 0, 0];
  const mix = (i: number) => (top[i]! * top[3] + bottom[i]! * bottom[3] * (1 - top[3])) / a;
  return [mix(0), mix(1), mix(2), a];
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2's contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

export interface TextLook {
  /** The colours the letters are painted in. */
  paints: Rgba[];
  /** The colour right behind the letters, opaque. */
  backdrop: Rgba;
  /** Pictures (non-flat background images) between the letters and that colour. */
  pictures: string[];
  /** The lowest contrast of a paint with the backdrop; 0 when a picture is in the way. */
  contrast: number;
}

interface Painted { color: string; image: string; clip: string; background: string }

/** How the element's text is painted and what is behind it, as the browser computed them. */
export async function textLook(text: Locator): Promise<TextLook> {
  const chain = await text.evaluate((el) => {
    const out: Painted[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      out.push({ color: s.color, image: s.backgroundImage, clip: s.backgroundClip, background: s.backgroundColor });
    }
    return out;
  });
  const own = chain[0]!;
  const clips = own.clip.split(',').map((c) => c.trim());
  const ownLayers = layersOf(own.image);
  // Layers clipped to the text paint the letters (a gradient name); the text's own colour otherwise.
  const throughText = ownLayers.filter((_, i) => clips[i % clips.length] === 'text');
  const paints = throughText.length ? throughText.flatMap(coloursIn) : coloursIn(own.color);

  const pictures: string[] = [];
  const behind: Rgba[] = [];
  for (const [i, node] of chain.entries()) {
    const nodeClips = node.clip.split(',').map((c) => c.trim());
    const layers = layersOf(node.image).filter((_, j) => !(i === 0 && nodeClips[j % nodeClips.length] === 'text'));
    for (const layer of layers) {
      const stops = coloursIn(layer);
      // A gradient of one colour is a flat colour; anything else is a picture.
      if (stops.length && stops.every((c) => c.join() === stops[0]!.join())) behind.push(stops[0]!);
      else pictures.push(layer.slice(0, 80));
    }
    // The bottom layer's clip is the background colour's: a colour clipped to the text is none behind it.
    const colourClip = nodeClips[nodeClips.length - 1];
    if (!(i === 0 && colourClip === 'text')) behind.push(...coloursIn(node.background));
    if (behind.some((c) => c[3] === 1)) break;
  }
  // Laid bottom up from the first opaque colour; the page's white when nothing is.
  const opaque = behind.findIndex((c) => c[3] === 1);
  const stack = opaque === -1 ? [...behind, [255, 255, 255, 1] as Rgba] : behind.slice(0, opaque + 1);
  const backdrop = stack.reduceRight((bottom, top) => over(top, bottom));
  const contrast = pictures.length ? 0 : Math.min(...paints.map((p) => contrastRatio(over(p, backdrop), backdrop)));
  return { paints, backdrop, pictures, contrast };
}
