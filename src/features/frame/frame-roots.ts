/** The frame's elements that React parts are mounted into on first use (ids shared by the markup and the scripts). */
export const ACCOUNT_LINK_ROOT = 'account-link-root';
export const FRAME_OVERLAYS_ROOT = 'frame-overlays';
