/**
 * `client:signed-in`: the island hydrates at once on the page of someone signed in, and never on a
 * visitor's, who keeps what the build rendered (and pays no script for it). A stored session is
 * enough to decide: if it has ended, the island finds that out itself and shows the visitor's view.
 * Built by Astro into the page's inline script, so it imports nothing that brings a store.
 */
import type { ClientDirective } from 'astro';
import { SESSION_KEY } from '../features/account/session-key.ts';

function sessionStored(): boolean {
  try {
    return localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return false;
  }
}

const signedIn: ClientDirective = (load) => {
  if (!sessionStored()) return;
  void load().then((hydrate) => hydrate());
};

export default signedIn;
