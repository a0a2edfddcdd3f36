/**
 * What the backend enforces and the site shows alike: the vocabularies of people's data, roles
 * and plans, upload limits, date of birth bounds, presence windows, the account rules.
 * It belongs to neither side: directus/ and src/ both import it, and it imports nothing outside
 * shared/. What a visitor's page needs lives in visitor-rules.ts (re-exported here): visitors'
 * islands import that module alone, so the bundler never puts account rules into their scripts.
 */
export * from './visitor-rules.ts';
export * from './support-refusals.ts';

/** Presence: online on the site within 10 minutes, in chat lists within 2. */
export const ONLINE_WINDOW_MS = 600_000;
export const CHAT_ONLINE_WINDOW_MS = 120_000;

/** Registration and profile: live uniqueness checks from 3 characters; date of birth bounds. */
export const UNIQUENESS_MIN_LENGTH = 3;
export const DOB = { digits: 8, minYear: 1900, maxYear: 2100 } as const;

/** A title's release year: from the first films to a few years past the current one, for a drama announced ahead. */
export const RELEASE_YEARS = { min: 1900, ahead: 5 } as const;

/** People's vocabularies: list marks, reactions, genders, shop items (the catalogue's are in visitor-rules.ts). */
export const MARK_TYPES = ['Избранное', 'Буду смотреть', 'Смотрел', 'Смотрю', 'Не интересно'] as const;
export const REACTION_TYPES = ['like', 'dislike'] as const;
export const GENDERS = ['Мужской', 'Женский'] as const;

/** A registration as the site sends it and the backend takes it, every field required. */
export interface Registration {
  email: string;
  password: string;
  login: string;
  first_name: string;
  last_name: string;
  /** yyyy-mm-dd */
  dob: string;
  gender: (typeof GENDERS)[number];
}
export const SHOP_TYPES = ['nameColor', 'frame', 'background'] as const;
/** An invoice: waiting, underpaid (a top-up still possible), paid, or ended without a grant; refunded takes the grant back. */
export const INVOICE_STATUSES = ['pending', 'underpaid', 'paid', 'failed', 'expired', 'refunded'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Every change of a person's plan is kept: by a payment or its refund, by an editor's hand (with a reason), by the end of the period. */
export const PLAN_CHANGE_KINDS = ['payment', 'refund', 'grant', 'revoke', 'expiry'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];
/** What an editor may record by hand; the others are written by the backend alone. */
export const MANUAL_PLAN_CHANGES = ['grant', 'revoke'] as const;
export type MarkType = (typeof MARK_TYPES)[number];
/** A friendship: a request waiting for the addressee's answer, or accepted by them. */
export const FRIENDSHIP_STATUSES = ['pending', 'accepted'] as const;
export type FriendshipStatus = (typeof FRIENDSHIP_STATUSES)[number];
export type ReactionType = (typeof REACTION_TYPES)[number];

/**
 * Fixed role ids, so the site and the backend rules name the same roles on every install.
 * There are two premium roles; only PREMIUM_PLUS unlocks frame and background.
 */
export const ROLES = {
  user: '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000001',
  premium: '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000002',
  premiumPlus: '0b0e5a4e-6c1f-4f55-9a55-2d3f0a000003',
} as const;
export const PREMIUM_ROLES: readonly string[] = [ROLES.premium, ROLES.premiumPlus];
export const DECOR_ROLES: readonly string[] = [ROLES.premiumPlus];

/** The site's own routes, which a title slug would shadow at /{slug}. */
export const RESERVED_SLUGS = [
  'about', 'copyright', 'privacy-policy', 'partners', 'updates', 'login', 'profile', 'messages',
  'tag', 'titles', 'actors', 'categories', 'not-found', 'api', 'assets', 'sitemap.xml', 'robots.txt',
  'index', '404', '404.html', 'favicon.ico', '_astro', 'search', 'embed', 'reset-password', 'together',
] as const;

/**
 * The most rows one read (or one aggregate's groups) of a visitor or member may ask for: Directus
 * builds a whole answer in memory before it sends a byte, and at 100,000 titles every row of five
 * text fields was 45 MB. The build reads page after page of this many.
 */
export const MAX_READ_ROWS = 5000;

/**
 * The most values one read's filters may name in all (the ids of an `_in`, every compared value): far
 * below what a database takes in one statement (SQLite 32,766), past which Directus answered 500. The
 * build names episodes this many a call when it reads their segments.
 */
export const MAX_FILTER_VALUES = 10_000;

/** Image types users may upload; SVG and HTML are never accepted from users. */
export const USER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const USER_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The largest file staff upload (Directus's FILES_MAX_UPLOAD_SIZE), in megabytes. */
export const STAFF_UPLOAD_MAX_MB = 20;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const AUDIO_TYPES = ['audio/mpeg', 'audio/ogg'] as const;
/**
 * The types of every file the site shows (pictures, clips, soundtracks): the only ones Directus
 * takes as uploads, and the only ones anyone but staff reads. An export an editor makes is data
 * (JSON, CSV) and stays theirs.
 */
export const MEDIA_TYPES = [...USER_IMAGE_TYPES, ...VIDEO_TYPES, ...AUDIO_TYPES] as const;
/** What a catalogue file field shows, and the types of file it takes (directus/schema: a file field's `kind`). */
export const FILE_KINDS = { picture: USER_IMAGE_TYPES, video: VIDEO_TYPES, audio: AUDIO_TYPES } as const;
export type FileKind = keyof typeof FILE_KINDS;

/**
 * Where an editor's import of a file by its address may not reach (Directus's IMPORT_IP_DENY_LIST):
 * this machine (0.0.0.0 too, which Linux connects to it, and which Directus's default list reads
 * only as "the interfaces"), the private and shared networks and link-local (cloud metadata). IPv4
 * written as IPv6 (::ffff:127.0.0.1) is judged by its IPv4 rules.
 */
export const IMPORT_DENIED_NETWORKS = [
  '0.0.0.0', '0.0.0.0/8', '127.0.0.0/8', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16',
  '100.64.0.0/10', '::/128', '::1/128', 'fc00::/7', 'fe80::/10',
];

/**
 * The longest side of a picture the backend makes its sizes from (avatar, poster, photo…): a phone's
 * 12 or 24 megapixel photo fits. Larger pictures are refused at upload, since no size of them could
 * ever be shown.
 */
export const IMAGE_MAX_SIDE = 6000;
export const IMAGE_TOO_LARGE = `Изображение больше ${IMAGE_MAX_SIDE} пикселей по стороне — уменьшите его`;
/**
 * The most pixels a picture may hold, all its frames together: the largest still allowed. Checking a
 * picture decodes every pixel, so a moving one of many large frames costs as much as that many stills.
 */
export const IMAGE_MAX_PIXELS = IMAGE_MAX_SIDE * IMAGE_MAX_SIDE;
export const ANIMATION_TOO_LARGE = 'Слишком большая анимация — уменьшите её размер или число кадров';
/** A person's file title and download name: a name, never a page of text served with every picture. */
export const FILE_NAME_MAX = 255;
/** Pictures one message, review or post may carry (the forms stop there too). */
export const PICTURES_MAX = 10;

/** Accounts: the error messages the backend and the forms share, and a password's least length. */
export const PASSWORD_MIN_LENGTH = 8;
/** A login: 3 to 32 Latin letters, digits, dots, hyphens or underscores (unique regardless of case and of look-alike letters: login-likeness.ts). */
export const LOGIN_PATTERN = /^[A-Za-z0-9_.-]{3,32}$/;
/** The pages under `/profile/` that are one's own, built as themselves: a login of the same name would never reach its profile. */
export const OWN_PROFILE_PAGES = ['edit', 'tariff'] as const;
/** Whether a login is taken by one of those pages (in any case, as logins are unique). */
export const isOwnProfilePage = (login: string): boolean => (OWN_PROFILE_PAGES as readonly string[]).includes(login.toLowerCase());
export const ACCOUNT_MESSAGES = {
  fillAll: 'Заполните все поля',
  loginTaken: 'Логин уже занят',
  emailTaken: 'Такой email уже используется',
  badCredentials: 'Неверный email или пароль',
  passwordsDiffer: 'Пароли не совпадают',
  passwordTooShort: `Пароль — не короче ${PASSWORD_MIN_LENGTH} символов`,
  wrongPassword: 'Неверный пароль',
  loginShape: 'Логин: от 3 до 32 латинских букв, цифр, точек, дефисов или подчёркиваний',
} as const;

/**
 * Pace of writing: how many writes of a kind one person (for visitors' forms and checks, one
 * address) may make in a window of seconds before the backend asks them to wait. Edits share one
 * allowance for chat messages and reviews, since every edit is shown live to everyone.
 */
export const PACE = {
  message: { count: 10, seconds: 20 },
  comment: { count: 10, seconds: 60 },
  post: { count: 3, seconds: 60 },
  edit: { count: 5, seconds: 60 },
  emailChange: { count: 5, seconds: 3600 },
  // A new password is hashed at argon2's cost (64 MiB and a worker thread for a tenth of a second or more).
  passwordChange: { count: 5, seconds: 3600 },
  supportRequest: { count: 5, seconds: 3600 },
  availability: { count: 30, seconds: 600 },
  reaction: { count: 30, seconds: 60 },
  friendRequest: { count: 10, seconds: 600 },
  // Private chats opened with someone new.
  chatOpen: { count: 10, seconds: 600 },
  // Marking episodes watched (and unmarking, and a sign-in's import of a browser's marks).
  watched: { count: 60, seconds: 60 },
  // Watching together: a room's commands (play, pause, seek...), its chat (as the chat's messages),
  // reactions floating over the video, and the clock's pings (a page pings every few seconds). A
  // join (a page opening the room, its socket coming back) answers with the whole room and writes.
  roomJoin: { count: 20, seconds: 60 },
  roomCommand: { count: 30, seconds: 10 },
  roomMessage: { count: 10, seconds: 20 },
  // The lines a member's commands write in the room's chat: as many as their messages. Past them a
  // command still works, silently.
  roomLine: { count: 10, seconds: 20 },
  roomReaction: { count: 20, seconds: 10 },
  roomPing: { count: 20, seconds: 10 },
  roomCreate: { count: 10, seconds: 600 },
  // Password reset: the requests one address makes, and the letters one mailbox receives (beyond
  // them a request is answered as ever, so nobody learns whether the address has an account).
  passwordRequest: { count: 5, seconds: 900 },
  passwordLetter: { count: 3, seconds: 3600 },
  // Uploads, one picture a request: a message or post of PICTURES_MAX pictures plus an avatar or two
  // stays well inside it; each is a 5 MB write and a decode.
  upload: { count: 30, seconds: 600 },
} as const;
export type PaceKind = keyof typeof PACE;

/** The site is for adults (the footer's 18+): a date of birth must make its owner this old. */
export const ADULT_AGE = 18;
