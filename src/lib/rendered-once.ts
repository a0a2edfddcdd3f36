/**
 * HTML made once per data object and name, then reused: the header and footer are the same on every
 * page a build renders from one frame, so each build process renders them once rather than once a page.
 * Keyed weakly by the data, so a later build's frame (a new object) renders its own.
 */
const made = new WeakMap<object, Map<string, Promise<string>>>();

/** An island's ids are counted per page, so HTML holding one cannot stand on another page. */
const ISLAND = '<astro-island';

export function renderedOnce(data: object, name: string, render: () => Promise<string>): Promise<string> {
  let byName = made.get(data);
  if (!byName) made.set(data, (byName = new Map()));
  const kept = byName;
  let html = kept.get(name);
  if (!html) {
    html = render().then((text) => {
      if (text.includes(ISLAND)) throw new Error(`'${name}' holds an island, so it cannot be rendered once for every page`);
      return text;
    });
    kept.set(name, html);
    // A failure is not kept: the page that met it fails, and the next one renders again.
    html.catch(() => kept.delete(name));
  }
  return html;
}
