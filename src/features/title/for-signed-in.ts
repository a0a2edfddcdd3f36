/**
 * The title feature for signed-in code elsewhere: the player's model of a title's episodes (a
 * watching-together room plays the same). Apart from index.ts, which visitors' islands import: a
 * re-export there would bring the model's code into every title page a visitor opens.
 */
export { playerModel, type Episode, type PlayerModel } from './player.ts';
