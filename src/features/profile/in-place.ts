/** A link of the profile screen that opens its target in place; a click meant for a new tab or window is left alone. */
import type { MouseEvent } from 'react';

export function inPlace(open: (href: string) => void, href: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open(href);
  };
}
