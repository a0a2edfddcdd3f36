/**
 * Plain buttons of the static frame: `data-open="search"`, `"contact"` or `"mobileMenu"` open an
 * overlay, `data-toggle-theme` switches the look. One delegated listener, so the buttons need no
 * island and work as soon as this small script runs; the overlays read the same ui store.
 */
import { $mobileMenuOpen, openContact, openMobileMenu, openSearch, toggleTheme } from './store.ts';

const ACTIONS: Record<string, () => void> = { search: openSearch, contact: openContact, mobileMenu: openMobileMenu };

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  if (target?.closest('[data-toggle-theme]')) {
    toggleTheme();
    return;
  }
  const trigger = target?.closest<HTMLElement>('[data-open]');
  const action = trigger ? ACTIONS[trigger.dataset.open ?? ''] : undefined;
  if (!action) return;
  event.preventDefault();
  action();
});

/** The burger says whether its menu is open. */
$mobileMenuOpen.subscribe((open) => {
  for (const burger of document.querySelectorAll('[data-open="mobileMenu"]')) burger.setAttribute('aria-expanded', String(open));
});
