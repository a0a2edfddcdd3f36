/**
 * The burger button of narrow screens: opens the mobile menu (the drawer is `MobileMenu`). Static
 * markup: the frame's click listener opens the menu and keeps `aria-expanded` in step
 * (components/layout/ui-triggers.ts).
 */
import { BurgerIcon } from '../../ui/icons.tsx';

export default function BurgerMenu() {
  return (
    <button type="button" className="icon-btn burger" aria-label="Открыть меню" aria-haspopup="dialog" aria-expanded={false}
      aria-controls="mobile-menu" data-open="mobileMenu">
      <BurgerIcon />
    </button>
  );
}
