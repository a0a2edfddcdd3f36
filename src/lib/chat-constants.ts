/**
 * The chat's pacing and limits. A module of its own so that the chat's values stay out
 * of the constants chunk every visitor's page loads; src/lib/constants.ts re-exports them.
 */

export const CHAT_PAGE_SIZE = 50;
export const CHAT_POLL_MS = 5_000;
export const CHAT_SCROLL_DELAY_MS = 2_000;
export const NARROW_SCREEN_PX = 765;
export const CHAT_SIDEBAR_TOGGLE_PX = 1200;
export const EMOJI_PANEL_MS = { show: 200, hide: 400 } as const;
export const WEBSOCKET = { reconnectDelayMs: 1000, minReconnectDelayMs: 100, retries: 10, messageWaitMs: 1000 } as const;
export const EMOJI_QUICK_REACTIONS = ['👍', '❤️', '😊', '😢', '🙏', '👎', '😡'] as const;
