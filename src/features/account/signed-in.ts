/**
 * What every page does for a signed-in person, loaded only when a session is stored: keep the
 * session fresh, ping presence, reload as a visitor's page when the backend refuses it, and load
 * the page's signed-in parts.
 */
import { keepSessionAlive } from '../../lib/directus/session-keeper.ts';
import { startPresence } from './store.ts';
import { UNAUTHORISED_EVENT } from './session.ts';

keepSessionAlive();
startPresence();
window.addEventListener(UNAUTHORISED_EVENT, () => location.reload());
import('./signed-in-parts.ts').then((m) => m.loadSignedInParts(), (err: unknown) => console.error(err));
// The live account icon with its counters, the floating chat window and the unread count.
import('../frame/mount-account-link.tsx').catch((err: unknown) => console.error(err));
import('../chat/mount-window.tsx').catch((err: unknown) => console.error(err));
