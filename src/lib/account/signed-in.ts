/**
 * What every page does for a signed-in person, loaded only when a session is stored: keep the
 * session fresh, ping presence, and reload as a visitor's page when the backend refuses it.
 */
import { keepSessionAlive } from '../directus/session-keeper.ts';
import { startPresence } from '../../stores/presence.ts';
import { UNAUTHORISED_EVENT } from '../../stores/session.ts';

keepSessionAlive();
startPresence();
window.addEventListener(UNAUTHORISED_EVENT, () => location.reload());
