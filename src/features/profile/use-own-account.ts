/**
 * The own account screens are for the signed-in person: a visitor (or someone signed out in
 * another tab) is sent to sign in and brought back; the profile is loaded once for every island.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $me, $meStatus, accountDeletion, loadMe, loginHref, signingOut, type Me, type MeStatus } from '../account/index.ts';
import { $session } from '../account/session.ts';
import type { Task } from '../../ui/task.ts';

let leaving = false;

/**
 * Ends the account here through one of the account's tasks (sign out, deletion), which leaves the
 * page once it worked; the sign-in redirect keeps quiet meanwhile. False when it failed.
 */
async function leaveThrough<A extends unknown[]>(end: Task<A>, ...args: A): Promise<boolean> {
  leaving = true;
  const ended = await end.run(...args);
  // A start refused as one is under way: that one still leaves.
  if (!ended && !end.$state.get().pending) leaving = false;
  return ended;
}

/** Signs out (the session is forgotten here even when the backend cannot be told), then the home page. */
export async function signOutHere(): Promise<void> {
  if (await leaveThrough(signingOut)) location.assign('/');
}

/** Deletes the account, confirmed by the password; the account's task then takes the page home. */
export function deleteAccountHere(password: string): Promise<boolean> {
  return leaveThrough(accountDeletion, password);
}

export function useOwnAccount(): { me: Me | null; status: MeStatus } {
  const signedIn = useStore($session) !== null;
  const me = useStore($me);
  const status = useStore($meStatus);

  useEffect(() => {
    if (signedIn) void loadMe();
    else if (!leaving) location.replace(loginHref(location.pathname + location.search));
  }, [signedIn]);

  return { me: signedIn ? me : null, status };
}
