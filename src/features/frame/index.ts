/**
 * The frame as other features see it: which overlay is open and the search box's text, the look,
 * and the live account icon for signed-in people.
 */
export {
  $contactOpen, $mobileMenuOpen, $overlay, $searchOpen, $searchText, closeContact, closeMobileMenu, closeOverlay, closeSearch,
  openContact, openMobileMenu, openOverlay, openSearch, type Overlay,
} from './store.ts';

/** Makes the header's account icon live (Профиль and its counters); loaded for signed-in people only. */
export const showLiveAccountLink = (): Promise<unknown> => import('./mount-account-link.tsx');

/** The account icon's new-episode counter (its code loads for signed-in people only). */
export const loadAlertBadge = () => import('./AlertBadge.tsx');
