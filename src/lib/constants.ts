/**
 * Business constants of the product (spec section 9) and the fixed vocabularies of
 * section 3. One module, imported by the site, the backend rules and the tests alike.
 */

export const HOME_BLOCK_SIZE = 8;
export const CATEGORY_NEW_LIST = 4;
export const CATEGORY_NEW_PAGE = 16;
export const RELATED_TITLES = 4;
export const PROMO_BANNER = 3;
export const SUBCATEGORY_BLOCK = 8;
export const ACTOR_TITLES = 100;
export const SEARCH_LIMIT = 100;
export const CHAT_PAGE_SIZE = 50;
export const FILTER_PAGE_SIZE = 10;
export const PAGINATION_WINDOW = 2;
export const TAG_PAGE_SIZE = 20;
export const UPDATES_PAGE_SIZE = 50;
export const ALPHABET_PAGE_SIZE = 8;
export const FOOTER_TAGS_COLLAPSED = 6;
export const YEAR_FILTER_OPTIONS = [2020, 2021, 2022, 2023, 2024, 2025] as const;
export const DESCRIPTION_CUT = { titlePage: 200, card: 40, searchCard: 40, listCard: 55 } as const;
export const BIOGRAPHY_FOLD = 600;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const ONLINE_WINDOW_MS = 600_000;
export const CHAT_ONLINE_WINDOW_MS = 120_000;
export const PRESENCE_PING_MS = 20_000;
export const CHAT_POLL_MS = 5_000;
export const CHAT_SCROLL_DELAY_MS = 2_000;
export const NARROW_SCREEN_PX = 765;
export const CHAT_SIDEBAR_TOGGLE_PX = 1200;
export const SLIDER = { speed: 500, breakpoints: { 600: 2, 1024: 3, 1200: 4 }, gaps: [10, 20] } as const;
export const BANNER_AUTOPLAY_MS = { titlePage: 1500, actorPhotos: 3000 } as const;
export const PLAYER_HEIGHT_PX = { series: 570, single: 500 } as const;
export const SCROLL_TOP_AFTER_PX = 150;
export const COOKIE_NOTICE = { key: 'cookiesAccepted', fadeMs: 500 } as const;
export const EMOJI_PANEL_MS = { show: 200, hide: 400 } as const;
export const UNIQUENESS_MIN_LENGTH = 3;
export const DOB = { digits: 8, minYear: 1900, maxYear: 2100 } as const;
export const SESSION_REFRESH_BEFORE_MS = 30_000;
export const SERIES_FETCH_LIMIT = -1;
export const WEBSOCKET = { reconnectDelayMs: 1000, minReconnectDelayMs: 100, retries: 10, messageWaitMs: 1000 } as const;
export const EMOJI_QUICK_REACTIONS = ['👍', '❤️', '😊', '😢', '🙏', '👎', '😡'] as const;
export const COPYRIGHT_YEAR = 2025;

export const RELEASE_STATUSES = ['Окончен', 'Выпускается', 'Должен выйти'] as const;
export const TYPE_SOURCES = ['Без сезонов', 'Сезоны', 'Одиночный'] as const;
export const SOURCES = ['iframe', 'video'] as const;
export const TITLE_STATUSES = ['draft', 'published', 'archived'] as const;
export const MARK_TYPES = ['Избранное', 'Буду смотреть', 'Смотрел', 'Смотрю', 'Не интересно'] as const;
export const REACTION_TYPES = ['like', 'dislike'] as const;
export const GENDERS = ['Мужской', 'Женский'] as const;
export const SHOP_TYPES = ['nameColor', 'frame', 'background'] as const;
export const INVOICE_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;

export type MarkType = (typeof MARK_TYPES)[number];
export type ReactionType = (typeof REACTION_TYPES)[number];

/** Category display names of the spec, keyed by slug. */
export const CATEGORY_NAMES = {
  anime: 'Аниме',
  'doramy-onlayn': 'Дорамы',
  'lakorny-onlayn': 'Лакорны',
  'filmy-onlayn': 'Фильмы',
} as const;

/**
 * Fixed role ids, so the site and the backend rules name the same roles on every install.
 * The two premium roles are the spec's "two role ids"; only PREMIUM_PLUS unlocks frame and background.
 */
export const ROLES = {
  user: '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000001',
  premium: '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000002',
  premiumPlus: '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000003',
} as const;
export const PREMIUM_ROLES: readonly string[] = [ROLES.premium, ROLES.premiumPlus];
export const DECOR_ROLES: readonly string[] = [ROLES.premiumPlus];

/** Plans of the tariff screen; the role each grants. */
export const PLANS = [
  { id: 1, price: 399, currency: 'RUB', role: ROLES.premium },
  { id: 2, price: 699, currency: 'RUB', role: ROLES.premiumPlus },
] as const;
export const SUBSCRIPTION_DAYS = 30;

/** The flow behind the spec's `POST /flows/trigger/{id}` that registers a title view. */
export const VIEW_FLOW_ID = '7a1c2f4e-1d2b-4c3a-9e8f-000000000001';

/** Routes of spec section 2 a title slug would shadow at /{slug}. */
export const RESERVED_SLUGS = [
  'about', 'copyright', 'privacy-policy', 'partners', 'updates', 'login', 'profile', 'messages',
  'tag', 'titles', 'actors', 'categories', 'not-found', 'api', 'assets', 'sitemap.xml', 'robots.txt',
  'index', '404', '404.html', 'favicon.ico', '_astro', 'search', 'embed',
] as const;

/** Text length caps enforced by the backend rules. */
export const TEXT_LIMITS = {
  comment: 2000,
  post: 5000,
  message: 2000,
  aboutMe: 1000,
  supportName: 100,
  supportTopic: 200,
  supportMessage: 5000,
} as const;

/** Image types users may upload; SVG and HTML are never accepted from users. */
export const USER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const USER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
