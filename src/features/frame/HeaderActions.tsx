/**
 * The header's controls: the account icon, the theme switch and, on narrow screens, the menu
 * button. Rendered as static markup on every page, no island: the frame's click listener works the
 * buttons, and a signed-in person's code mounts the live account icon (with its counters) in place
 * of the visitor's link (mount-account-link.tsx).
 */
import AccountLink from './AccountLink.tsx';
import BurgerMenu from './BurgerMenu.tsx';
import ThemeToggle from './ThemeToggle.tsx';
import { ACCOUNT_LINK_ROOT } from './frame-roots.ts';
import './header-actions.css';

export default function HeaderActions() {
  return (
    <>
      <span id={ACCOUNT_LINK_ROOT} className="header__account-root"><AccountLink /></span>
      <ThemeToggle />
      <span className="header__burger"><BurgerMenu /></span>
    </>
  );
}
