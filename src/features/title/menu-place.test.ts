import { describe, expect, it } from 'vitest';
import { menuPlace } from './menu-place.ts';

const screen = { width: 320, height: 800 };
const menu = { width: 200, height: 220 };

describe('menuPlace', () => {
  it('opens under the button when the menu fits there', () => {
    expect(menuPlace({ top: 100, bottom: 140, left: 40 }, menu, screen)).toEqual({ top: 146, left: 40, maxHeight: 646 });
  });

  it('opens over a button low on the screen, its last item above the button', () => {
    const place = menuPlace({ top: 600, bottom: 640, left: 88 }, menu, screen);
    expect(place).toEqual({ top: 374, left: 88, maxHeight: 586 });
    expect(place.top + menu.height).toBeLessThanOrEqual(600);
  });

  it('keeps to the screen\'s right edge', () => {
    expect(menuPlace({ top: 100, bottom: 140, left: 200 }, menu, screen).left).toBe(112);
  });

  it('scrolls inside on the side with more room when it fits neither way', () => {
    expect(menuPlace({ top: 100, bottom: 140, left: 8 }, menu, { width: 320, height: 300 })).toEqual({ top: 146, left: 8, maxHeight: 146 });
    expect(menuPlace({ top: 180, bottom: 220, left: 8 }, menu, { width: 320, height: 300 })).toEqual({ top: 8, left: 8, maxHeight: 166 });
  });
});
