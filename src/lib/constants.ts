/**
 * How the site looks and paces itself: page sizes, cuts, sliders, timings.
 * Rules the backend enforces too live in shared/rules.ts.
 */

export const HOME_BLOCK_SIZE = 8;
export const CATEGORY_NEW_LIST = 4;
export const CATEGORY_NEW_PAGE = 16;
export const RELATED_TITLES = 4;
export const PROMO_BANNER = 3;
export const SUBCATEGORY_BLOCK = 8;
export const ACTOR_TITLES = 100;
export { SEARCH_LIMIT } from '../../shared/search-limits.ts';
export const FILTER_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 2;
export const TAG_PAGE_SIZE = 20;
export const UPDATES_PAGE_SIZE = 50;
export const ALPHABET_PAGE_SIZE = 8;
/** Profile posts a page ('Показать еще'). */
export const POSTS_PAGE_SIZE = 10;
/**
 * A title's reviews a page ('Показать еще'; the spec names no number): a screenful or two of
 * threads, each folded to its first replies, so the section draws a few dozen items, not hundreds.
 */
export const REVIEWS_PAGE_SIZE = 20;
/** Replies a thread shows before 'Показать ответы (N)'. */
export const REPLIES_FOLDED_AFTER = 3;
export const FOOTER_TAGS_COLLAPSED = 6;
export const DESCRIPTION_CUT = { titlePage: 200, card: 40, searchCard: 40, listCard: 55 } as const;
export const BIOGRAPHY_FOLD = 600;
export const PRESENCE_PING_MS = 20_000;
export const SLIDER = { speed: 500, breakpoints: { 600: 2, 1024: 3, 1200: 4 }, gaps: [10, 20] } as const;
export const BANNER_AUTOPLAY_MS = { titlePage: 1500, actorPhotos: 3000 } as const;
export const PLAYER_HEIGHT_PX = { series: 570, single: 500 } as const;
export const SCROLL_TOP_AFTER_PX = 150;
export const COOKIE_NOTICE = { key: 'cookiesAccepted', fadeMs: 500 } as const;
export const SESSION_REFRESH_BEFORE_MS = 30_000;
export const SERIES_FETCH_LIMIT = -1;
export const COPYRIGHT_YEAR = 2025;

/** Category display names, keyed by slug. */
export const CATEGORY_NAMES = {
  anime: 'Аниме',
  'doramy-onlayn': 'Дорамы',
  'lakorny-onlayn': 'Лакорны',
  'filmy-onlayn': 'Фильмы',
} as const;

/** The chat's pacing lives beside the chat (it loads for signed-in people only); named here too. */
export {
  CHAT_PAGE_SIZE, CHAT_POLL_MS, CHAT_SCROLL_DELAY_MS, NARROW_SCREEN_PX, CHAT_SIDEBAR_TOGGLE_PX, EMOJI_PANEL_MS, WEBSOCKET, EMOJI_QUICK_REACTIONS,
} from './chat-constants.ts';
