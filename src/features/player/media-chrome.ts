/**
 * media-chrome's controls of an uploaded file (the elements the player uses, nothing more), speaking
 * Russian. media-chrome is chosen for its controller: the controls are plain elements in our page, so
 * our own overlays share the fullscreen stage with them, which a <video controls> cannot give.
 * Russian comes first: an element labels itself as it is defined, and the fullscreen button's label
 * changes only with the fullscreen.
 */
import './media-chrome-russian.ts';
import 'media-chrome/dist/media-controller.js';
import 'media-chrome/dist/media-control-bar.js';
import 'media-chrome/dist/media-play-button.js';
import 'media-chrome/dist/media-time-range.js';
import 'media-chrome/dist/media-time-display.js';
import 'media-chrome/dist/media-mute-button.js';
import 'media-chrome/dist/media-volume-range.js';
import 'media-chrome/dist/media-playback-rate-button.js';
import 'media-chrome/dist/media-fullscreen-button.js';
