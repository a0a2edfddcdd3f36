/**
 * The own account screens are for the signed-in person: a visitor (or someone signed out in
 * another tab) is sent to sign in and brought back; the profile is loaded once for every island.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $me, $meStatus, loadMe, type Me, type MeStatus } from '../../stores/me.ts';
import { $session } from '../../stores/session.ts';
import { loginHref } from '../../lib/account/return-path.ts';

let leaving = false;

/** Ends the account here (sign out, deletion), then goes to `to`; the sign-in redirect keeps quiet meanwhile. */
export async function leaveAfter(work: () => Promise<void>, to: string): Promise<void> {
  leaving = true;
  try {
    await work();
  } catch (err) {
    leaving = false;
    throw err;
  }
  location.assign(to);
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
