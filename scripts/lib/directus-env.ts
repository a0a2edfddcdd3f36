/**
 * The environment a Directus process runs with. The embedded default is SQLite under the
 * data folder; setting DB_CLIENT (and REDIS) in the environment switches to production services.
 */
import path from 'node:path';
import { EXTENSIONS_DIR, ROOT } from './paths.ts';
import { IMAGE_MAX_SIDE, IMPORT_DENIED_NETWORKS, MEDIA_TYPES, STAFF_UPLOAD_MAX_MB } from '../../shared/rules.ts';
import { SEARCH_TABLES } from '../../directus/extensions/site-search/src/search-index.ts';

export interface DirectusOptions {
  dataDir: string;
  port: number;
  secret: string;
  adminEmail: string;
  adminPassword: string;
  /** Overrides applied last, e.g. a PostgreSQL connection or test rate limits. */
  extra?: Record<string, string>;
  /** Take DB_, REDIS, CACHE_ ... from this process's environment (`npm start`), never in tests. */
  inheritProduction?: boolean;
  /** The site's address: password reset mails link to its /reset-password. */
  siteUrl?: string;
  /** The site's rebuild webhook and its shared secret (directus/extensions/site-rebuild). */
  siteRebuild?: { url: string; secret: string };
}

/** Where the embedded default keeps outgoing mail, one .eml file per message. */
export const mailOutbox = (dataDir: string) => path.join(dataDir, 'mail');

export function directusEnv(o: DirectusOptions): Record<string, string> {
  const inherited = o.inheritProduction
    ? (Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && isDirectusKey(k))) as Record<string, string>)
    : {};
  return withRedisParts({
    // Everything comes from here; Directus must not also read a `.env` of its own from the cwd.
    CONFIG_PATH: path.join(o.dataDir, 'directus-reads-no-env-file'),
    HOST: '127.0.0.1',
    // Only a proxy on this machine may say who the visitor is (X-Forwarded-For).
    IP_TRUST_PROXY: 'loopback',
    PORT: String(o.port),
    PUBLIC_URL: `http://127.0.0.1:${o.port}`,
    SECRET: o.secret,
    ADMIN_EMAIL: o.adminEmail,
    ADMIN_PASSWORD: o.adminPassword,
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: path.join(o.dataDir, 'database.sqlite'),
    // Directus's own default, and the search index's tables (SQLite's full-text tables are no collections).
    DB_EXCLUDE_TABLES: ['spatial_ref_sys', 'sysdiagrams', ...SEARCH_TABLES].join(','),
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_ROOT: path.join(o.dataDir, 'uploads'),
    EXTENSIONS_PATH: EXTENSIONS_DIR,
    // Directus writes the admin app's extension bundle under TEMP_PATH (default: inside node_modules, which
    // every checkout and test backend on a machine may share): each instance keeps its own.
    TEMP_PATH: path.join(o.dataDir, 'tmp'),
    TELEMETRY: 'false',
    AI_ENABLED: 'false',
    // The site speaks REST and sockets alone: no model client is to reach the data through MCP.
    MCP_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    LOG_STYLE: 'pretty',
    WEBSOCKETS_ENABLED: 'true',
    WEBSOCKETS_REST_ENABLED: 'true',
    // Public: visitors listen to reviews without an account; a person signs in on the socket (handshake), and
    // every subscription reads as its reader (site-rules: realtime.ts).
    WEBSOCKETS_REST_AUTH: 'public',
    WEBSOCKETS_GRAPHQL_ENABLED: 'false',
    WEBSOCKETS_HEARTBEAT_ENABLED: 'true',
    // The admin app's live log view publishes every log line on the bus without handling a failure: with
    // Redis down, the warnings about Redis itself ended the process within seconds.
    WEBSOCKETS_LOGS_ENABLED: 'false',
    RATE_LIMITER_ENABLED: 'true',
    RATE_LIMITER_STORE: 'memory',
    RATE_LIMITER_POINTS: '300',
    RATE_LIMITER_DURATION: '1',
    RATE_LIMITER_REGISTRATION_ENABLED: 'true',
    RATE_LIMITER_REGISTRATION_POINTS: '5',
    RATE_LIMITER_REGISTRATION_DURATION: '60',
    FILES_MAX_UPLOAD_SIZE: `${STAFF_UPLOAD_MAX_MB}mb`,
    // Users are further limited to images by their permissions.
    FILES_MIME_TYPE_ALLOW_LIST: MEDIA_TYPES.join(','),
    IMPORT_IP_DENY_LIST: IMPORT_DENIED_NETWORKS.join(','),
    // A file opened as a page runs nothing and sends no form, whatever its type (Directus: default-src 'none').
    ASSETS_CONTENT_SECURITY_POLICY_DIRECTIVES__SANDBOX: 'allow-downloads',
    ASSETS_CONTENT_SECURITY_POLICY_DIRECTIVES__FORM_ACTION: "'none'",
    ASSETS_TRANSFORM_IMAGE_MAX_DIMENSION: String(IMAGE_MAX_SIDE),
    // A picture of 6000 pixels a side is up to 144 MB decoded: a few at once, not Directus's 25.
    ASSETS_TRANSFORM_MAX_CONCURRENT: '4',
    ACCESS_TOKEN_TTL: '15m',
    REFRESH_TOKEN_TTL: '30d',
    // How long a refresh token just spent can refresh again, for an answer lost to a page change.
    SESSION_REFRESH_GRACE_PERIOD: '10s',
    CACHE_ENABLED: 'false',
    // Every request reads the one frozen schema instead of a deep copy of it (a fifth of Directus's CPU when profiled).
    CACHE_SCHEMA_FREEZE_ENABLED: 'true',
    // Mail stays on this machine (scripts/sendmail-to-folder.mjs); production sets EMAIL_TRANSPORT=smtp.
    EMAIL_FROM: 'no-reply@dorama.local',
    EMAIL_TRANSPORT: 'sendmail',
    EMAIL_SENDMAIL_PATH: path.join(ROOT, 'scripts/sendmail-to-folder.mjs'),
    MAIL_OUTBOX: mailOutbox(o.dataDir),
    EMAIL_TEMPLATES_PATH: path.join(ROOT, 'directus/email-templates'),
    PASSWORD_RESET_URL_ALLOW_LIST: `${(o.siteUrl ?? 'http://127.0.0.1:4321').replace(/\/+$/, '')}/reset-password`,
    ...(o.siteRebuild ? { SITE_REBUILD_URL: o.siteRebuild.url, SITE_REBUILD_SECRET: o.siteRebuild.secret } : {}),
    // Where the payment gateway sends people back (the tariff screen).
    SITE_URL: (o.siteUrl ?? 'http://127.0.0.1:4321').replace(/\/+$/, ''),
    ...inherited,
    ...o.extra,
  });
}

/** How many times a Redis command waits for a reconnection before it fails (the client's default, 20, is ~10.8 s). */
const REDIS_RETRIES_PER_REQUEST = '1';

/**
 * Directus gives a `REDIS` URL to its Redis clients as it is, which leaves no way to set their options:
 * while Redis was down every request waited ~10.8 s for the client's 20 retries before its 500. The same
 * server is given as REDIS_HOST, REDIS_PORT ... (which Directus reads as the clients' options) with a
 * command failing after one reconnection. A TLS address (`rediss:`) is left as it is.
 */
export function withRedisParts(env: Record<string, string>): Record<string, string> {
  const { REDIS: url, ...rest } = env;
  if (!url?.startsWith('redis:')) return env;
  const { hostname, port, username, password, pathname } = new URL(url);
  const db = pathname.replace(/^\//, '');
  return {
    REDIS_HOST: hostname.replace(/^\[|\]$/g, ''),
    REDIS_PORT: port || '6379',
    ...(username ? { REDIS_USERNAME: decodeURIComponent(username) } : {}),
    ...(password ? { REDIS_PASSWORD: decodeURIComponent(password) } : {}),
    ...(db ? { REDIS_DB: db } : {}),
    REDIS_MAX_RETRIES_PER_REQUEST: REDIS_RETRIES_PER_REQUEST,
    ...rest,
  };
}

/** Variables a person may set to reach the production configuration. */
function isDirectusKey(key: string): boolean {
  return /^(DB_|REDIS|CACHE_|RATE_LIMITER_|SYNCHRONIZATION_|SESSION_|PUBLIC_URL$|STORAGE_|LOG_|FILES_|ASSETS_|WEBSOCKETS_|IP_TRUST_PROXY$|EMAIL_|PASSWORD_RESET_URL_ALLOW_LIST$|SITE_REBUILD_|HELEKET_|PAYMENT_|PLAN_CHECK_CRON$|SITE_URL$|TOGETHER_)/.test(key);
}
