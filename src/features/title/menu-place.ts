/**
 * Where a menu opened from a button sits on screen: under the button, or over it when it does not fit
 * below and there is more room above (a button low on a phone's screen); never past the screen's
 * edges, and scrolling inside when it fits neither way.
 */

export interface Box { top: number; bottom: number; left: number }
export interface Size { width: number; height: number }
export interface MenuPlace { top: number; left: number; maxHeight: number }

/** The space between the button and the menu, and the least between the menu and the screen's edge. */
const GAP = 6;
const EDGE = 8;

export function menuPlace(button: Box, menu: Size, screen: Size): MenuPlace {
  const below = screen.height - button.bottom - GAP - EDGE;
  const above = button.top - GAP - EDGE;
  const up = menu.height > below && above > below;
  const maxHeight = Math.max(0, up ? above : below);
  const top = up ? button.top - GAP - Math.min(menu.height, maxHeight) : button.bottom + GAP;
  const left = Math.max(EDGE, Math.min(button.left, screen.width - menu.width - EDGE));
  return { top, left, maxHeight };
}
