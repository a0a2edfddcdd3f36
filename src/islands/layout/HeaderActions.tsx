/**
 * The header's controls as one island: the account icon, the theme switch and, on narrow screens,
 * the menu button. Every page has them, and a page pays for each island it has (its props are
 * serialised and hashed, its markup wrapped) however little it renders: three islands on each of
 * tens of thousands of pages were a sizeable share of a full build.
 */
import AccountLink from './AccountLink.tsx';
import BurgerMenu from './BurgerMenu.tsx';
import ThemeToggle from './ThemeToggle.tsx';
import './header-actions.css';

export default function HeaderActions() {
  return (
    <>
      <AccountLink />
      <ThemeToggle />
      <span className="header__burger"><BurgerMenu /></span>
    </>
  );
}
