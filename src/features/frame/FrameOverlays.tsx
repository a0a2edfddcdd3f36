/**
 * What every page keeps out of sight until asked for, as one React root: search, the contact form
 * and the mobile menu. Mounted on the first opening (mount-overlays.tsx); the dialog opens at once,
 * as the ui store already names it.
 */
import type { SiteFrame } from '../../site-build/build-data.ts';
import ContactModal from './ContactModal.tsx';
import MobileMenu from './MobileMenu.tsx';
import { SearchModal } from '../search/index.ts';

export interface FrameOverlaysProps {
  categories: SiteFrame['categories'];
  vk: SiteFrame['vk'];
  telegram: SiteFrame['telegram'];
}

export default function FrameOverlays({ categories, vk, telegram }: FrameOverlaysProps) {
  return (
    <>
      <SearchModal />
      <ContactModal />
      <MobileMenu categories={categories} vk={vk} telegram={telegram} />
    </>
  );
}
