/** The title feature as others see it: who is on the title page, and its signed-in parts. */
export { signedInPart, useSignedIn } from './signed-in.ts';
