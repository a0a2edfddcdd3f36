/**
 * The own profile (/profile and /profile/edit) is signed-in code only: other features reach it
 * through for-signed-in.ts, and its pages mount its screens. Nothing of it is for visitors.
 */
export {};
