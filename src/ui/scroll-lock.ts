/**
 * Page scroll lock shared by every overlay. Counted, because when one overlay replaces another
 * the new one may lock before the old one unlocks.
 */
let locks = 0;

export function lockScroll(): void {
  locks += 1;
  document.body.classList.add('scroll-locked');
}

export function unlockScroll(): void {
  locks = Math.max(0, locks - 1);
  if (locks === 0) document.body.classList.remove('scroll-locked');
}
