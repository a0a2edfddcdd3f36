/**
 * The title feature as others see it: who is on the title page, its signed-in parts, and the
 * player's model of a title's episodes (a watching-together room plays the same).
 */
export { signedInPart, useSignedIn } from './signed-in.ts';
export { playerModel, type Episode, type PlayerModel } from './player.ts';
