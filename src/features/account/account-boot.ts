/**
 * Every page's small part of the account: once a session is stored (now or after signing in on
 * this page), load what keeps it alive. A visitor's page loads nothing more.
 */
import { $session } from './session.ts';

let started = false;
$session.subscribe((session) => {
  if (!session || started) return;
  started = true;
  import('./signed-in.ts').catch((err: unknown) => console.error(err));
});
