/**
 * The header's account icon: log in for a visitor, the profile for a signed-in user. The server
 * renders the visitor's link; the stored session decides once the island is mounted. A signed-in
 * person's icon also carries the new-episode counter, which their signed-in code registers.
 */
import { useStore } from '@nanostores/react';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { $isSignedIn } from '../../stores/session.ts';
import { $accountBadge } from '../../stores/signed-in-parts.ts';
import { LoginIcon, ProfileIcon } from './icons.tsx';
import { useHydrated } from './use-hydrated.ts';

export default function AccountLink() {
  const signedIn = useStore($isSignedIn);
  const Badge = useStore($accountBadge);
  const hydrated = useHydrated();
  return signedIn && hydrated ? (
    <a className="icon-btn account-link" href={FRAME_LINKS.profile} aria-label="Профиль" title="Профиль"><ProfileIcon />{Badge && <Badge />}</a>
  ) : (
    <a className="icon-btn account-link" href={FRAME_LINKS.login} aria-label="Войти" title="Войти"><LoginIcon /></a>
  );
}
