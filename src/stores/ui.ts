/**
 * Open and closed states of the frame's overlays (spec section 4): the search modal, the mobile
 * menu and the contact modal. (The chat window's visibility is the chat's: src/stores/chat-window.ts.)
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

/** What is typed in the search modal's box (leading spaces trimmed as typed). */
export const $searchText = atom('');

export const openSearch = () => openOverlay('search');
export const closeSearch = () => closeOverlay('search');
export const openMobileMenu = () => openOverlay('mobileMenu');
export const closeMobileMenu = () => closeOverlay('mobileMenu');
export const openContact = () => openOverlay('contact');
export const closeContact = () => closeOverlay('contact');
