/**
 * Settings every test backend shares; production, `npm start` and the benchmarks keep Directus's defaults.
 * - Signing in at a test's pace. Password hashing at a low cost: at the defaults (argon2id, 64 MiB,
 *   3 passes, 4 lanes) one hash or one check costs 100–300 ms of CPU on the 2-core test machine; a hash
 *   carries its own parameters, so a check follows whatever made it. No stall: by default every sign-in
 *   (and every refused session refresh) is held to at least 500 ms, so that a wrong password and an unknown
 *   email take as long; the tests sign in thousands of times.
 * - Allowances raised: the tests make many people and many calls from one address. The tests of the
 *   limits themselves set their own.
 * - No pressure limiter: it answers 503 when the event loop lags, as it does on a busy test machine.
 * - The build's passes over every mark, rating and review answer afresh: tests read them right after a change
 *   (production keeps one pass's answer a while; tests/api/production/build-reads.test.ts).
 */
export const TEST_BACKEND_ENV = {
  HASH_MEMORY_COST: '4096',
  HASH_TIME_COST: '1',
  HASH_PARALLELISM: '1',
  LOGIN_STALL_TIME: '0',
  RATE_LIMITER_POINTS: '5000',
  RATE_LIMITER_REGISTRATION_POINTS: '1000',
  PRESSURE_LIMITER_ENABLED: 'false',
  CO_MARKS_REUSE_MS: '0',
  RATINGS_REUSE_MS: '0',
  COMMENT_COUNTS_REUSE_MS: '0',
};
