/**
 * What every page keeps out of sight until asked for, as one island: search, the contact form,
 * the mobile menu, the cookie notice and the 'back to top' button. One island rather than five,
 * for the reason HeaderActions gives.
 */
import type { SiteFrame } from '../../lib/directus/build.ts';
import ContactModal from './ContactModal.tsx';
import CookieNotice from './CookieNotice.tsx';
import MobileMenu from './MobileMenu.tsx';
import ScrollTop from './ScrollTop.tsx';
import SearchModal from './SearchModal.tsx';

interface Props {
  categories: SiteFrame['categories'];
  vk: SiteFrame['vk'];
  telegram: SiteFrame['telegram'];
}

export default function FrameOverlays({ categories, vk, telegram }: Props) {
  return (
    <>
      <SearchModal />
      <ContactModal />
      <MobileMenu categories={categories} vk={vk} telegram={telegram} />
      <CookieNotice />
      <ScrollTop />
    </>
  );
}
