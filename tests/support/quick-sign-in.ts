/**
 * Signing in at a test's pace, for the test backends only; production keeps Directus's defaults.
 * - Password hashing at a low cost: at the defaults (argon2id, 64 MiB, 3 passes, 4 lanes) one hash or
 *   one check costs 100–300 ms of CPU on the 2-core test machine. A hash carries its own parameters, so a
 *   check follows whatever made it.
 * - No stall: by default every sign-in (and every refused session refresh) is held to at least 500 ms, so
 *   that a wrong password and an unknown email take as long. The tests sign in thousands of times.
 */
export const QUICK_SIGN_IN = { HASH_MEMORY_COST: '4096', HASH_TIME_COST: '1', HASH_PARALLELISM: '1', LOGIN_STALL_TIME: '0' };
