/** The burger button of narrow screens: opens the mobile menu (the drawer is `MobileMenu`). */
import { useStore } from '@nanostores/react';
import { $mobileMenuOpen, openMobileMenu } from '../../stores/ui.ts';
import { BurgerIcon } from './icons.tsx';

export default function BurgerMenu() {
  const open = useStore($mobileMenuOpen);
  return (
    <button type="button" className="icon-btn burger" aria-label="Открыть меню" aria-haspopup="dialog" aria-expanded={open}
      aria-controls="mobile-menu" onClick={openMobileMenu}>
      <BurgerIcon />
    </button>
  );
}
