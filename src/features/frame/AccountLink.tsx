/**
 * The header's account icon: log in for a visitor, the profile for a signed-in user. The server
 * renders the visitor's link; the stored session decides once the island is mounted. A signed-in
 * person's icon also carries the new-episode and unread-message counters, which their signed-in
 * code registers; they sit beside the link, so each is read out as it is and the link stays 'Профиль'.
 */
import { useStore } from '@nanostores/react';
import { FRAME_LINKS } from '../../components/layout/links.ts';
import { $isSignedIn } from '../account/session.ts';
import { $accountBadges } from '../account/badges.ts';
import { LoginIcon, ProfileIcon } from '../../ui/icons.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';

export default function AccountLink() {
  const signedIn = useStore($isSignedIn);
  const badges = useStore($accountBadges);
  const hydrated = useHydrated();
  const member = signedIn && hydrated;
  return (
    <span className="header__account">
      {member
        ? <a className="icon-btn account-link" href={FRAME_LINKS.profile} aria-label="Профиль" title="Профиль"><ProfileIcon /></a>
        : <a className="icon-btn account-link" href={FRAME_LINKS.login} aria-label="Войти" title="Войти"><LoginIcon /></a>}
      {member && badges.map((Badge, i) => <Badge key={i} />)}
    </span>
  );
}
