/**
 * Open and closed states of the frame's overlays (spec section 4): the search modal, the mobile
 * menu and the contact modal, plus the floating chat window's visibility for the chat issue.
 * One overlay at a time: opening one closes the others, so focus and scroll have a single owner.
 */
import { atom, computed } from 'nanostores';

export type Overlay = 'search' | 'mobileMenu' | 'contact';

/** Which overlay is open, if any. */
export const $overlay = atom<Overlay | null>(null);

export const $searchOpen = computed($overlay, (o) => o === 'search');
export const $mobileMenuOpen = computed($overlay, (o) => o === 'mobileMenu');
export const $contactOpen = computed($overlay, (o) => o === 'contact');

export function openOverlay(overlay: Overlay): void {
  $overlay.set(overlay);
}

/** Closes the given overlay, or whichever is open when none is named. */
export function closeOverlay(overlay?: Overlay): void {
  if (!overlay || $overlay.get() === overlay) $overlay.set(null);
}

export const openSearch = () => openOverlay('search');
export const closeSearch = () => closeOverlay('search');
export const openMobileMenu = () => openOverlay('mobileMenu');
export const closeMobileMenu = () => closeOverlay('mobileMenu');
export const openContact = () => openOverlay('contact');
export const closeContact = () => closeOverlay('contact');

/** The floating 'Онлайн чат' window: shown or hidden (spec section 4), independent of overlays. */
export const $chatVisible = atom(false);

export function showChat(): void {
  $chatVisible.set(true);
}

export function hideChat(): void {
  $chatVisible.set(false);
}

export function toggleChat(): void {
  $chatVisible.set(!$chatVisible.get());
}
