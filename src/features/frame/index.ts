/** The frame as other features see it: which overlay is open, and the search box's text. */
export {
  $contactOpen, $mobileMenuOpen, $overlay, $searchOpen, $searchText, closeContact, closeMobileMenu, closeOverlay, closeSearch,
  openContact, openMobileMenu, openOverlay, openSearch, type Overlay,
} from './store.ts';

