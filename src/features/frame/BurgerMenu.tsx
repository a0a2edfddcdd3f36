/**
 * The burger button of narrow screens: opens the mobile menu (the drawer is `MobileMenu`). Static
 * markup: the frame's click listener opens the menu and keeps `aria-expanded` in step
 * (components/layout/ui-triggers.ts). Without scripts the button is not shown, and a link to the
 * footer's category list takes its place (the header's own menu is hidden on narrow screens).
 */
import { BurgerIcon } from '../../ui/icons.tsx';
import { FOOTER_CATALOGUE_ID } from '../../components/layout/links.ts';

export default function BurgerMenu() {
  return (
    <>
      <button type="button" className="icon-btn burger needs-js" aria-label="Открыть меню" aria-haspopup="dialog" aria-expanded={false}
        aria-controls="mobile-menu" data-open="mobileMenu">
        <BurgerIcon />
      </button>
      <noscript>
        <a className="icon-btn burger" href={`#${FOOTER_CATALOGUE_ID}`} aria-label="Каталог" title="Каталог"><BurgerIcon /></a>
      </noscript>
    </>
  );
}
