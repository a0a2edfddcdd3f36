/**
 * The mobile menu drawer: logo, close, Профиль or Войти, the theme toggle,
 * the categories as an accordion of their sub-categories, and the social links.
 */
import { useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { SiteFrame } from '../../site-build/build-data.ts';
import { FRAME_LINKS, categoryHref, subCategoryHref } from '../../components/layout/links.ts';
import { $isSignedIn } from '../account/session.ts';
import { $mobileMenuOpen, closeMobileMenu } from './store.ts';
import { ChevronIcon, CloseIcon, LoginIcon, ProfileIcon } from '../../ui/icons.tsx';
import Modal from '../../ui/Modal.tsx';
import SocialLinks from './SocialLinks.tsx';
import ThemeToggle from './ThemeToggle.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';
import './mobile-menu.css';

interface Props {
  categories: SiteFrame['categories'];
  vk: SiteFrame['vk'];
  telegram: SiteFrame['telegram'];
}

export default function MobileMenu({ categories, vk, telegram }: Props) {
  const open = useStore($mobileMenuOpen);
  const signedIn = useStore($isSignedIn);
  const hydrated = useHydrated();
  const closeRef = useRef<HTMLButtonElement>(null);

  const header = (
    <div className="mobile-menu__top">
      <a href={FRAME_LINKS.home} className="mobile-menu__logo">
        <img src="/logo.svg" alt="Дорамы онлайн" width={168} height={32} />
      </a>
      <button ref={closeRef} type="button" className="icon-btn" onClick={closeMobileMenu} aria-label="Закрыть меню"><CloseIcon /></button>
    </div>
  );

  return (
    <Modal open={open} onClose={closeMobileMenu} title="Меню" kind="drawer" header={header} initialFocus={closeRef} className="mobile-menu">
      <nav id="mobile-menu" className="mobile-menu__nav" aria-label="Мобильное меню">
        {signedIn && hydrated ? (
          <a className="mobile-menu__account" href={FRAME_LINKS.profile}><ProfileIcon />Профиль</a>
        ) : (
          <a className="mobile-menu__account" href={FRAME_LINKS.login}><LoginIcon />Войти</a>
        )}
        <ThemeToggle withLabel />
        <ul className="mobile-menu__categories">
          {categories.map((c) => (
            <li key={c.slug}>
              <details className="mobile-menu__category">
                <summary>
                  <span>{c.name}</span>
                  <ChevronIcon />
                </summary>
                <ul className="mobile-menu__subs">
                  <li><a href={categoryHref(c.slug)}>Все: {c.name}</a></li>
                  {c.subCategories.map((s) => (
                    <li key={s.slug}><a href={subCategoryHref(c, s.name)}>{s.name}</a></li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
          <li><a className="mobile-menu__plain" href={FRAME_LINKS.updates}>Обновления</a></li>
        </ul>
        <SocialLinks vk={vk} telegram={telegram} />
      </nav>
    </Modal>
  );
}
