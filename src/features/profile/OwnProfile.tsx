/**
 * /profile: the signed-in person's own account. The sidebar stays; the tab in `?tab=` fills the
 * rest, switched in place with the address kept in step (back and forward follow it).
 */
import { useEffect, useRef, useState } from 'react';
import { PROFILE_TABS, UNKNOWN_TAB, tabHref, tabOf, tabsOf, type ProfileTab } from '../../lib/profile-tabs.ts';
import type { Me } from '../account/index.ts';
import AccountFrame from './AccountFrame.tsx';
import AlertsTab from './AlertsTab.tsx';
import CustomizationTab from './CustomizationTab.tsx';
import DetailsTab from './DetailsTab.tsx';
import FavoriteActorsTab from './FavoriteActorsTab.tsx';
import FriendsTab from './FriendsTab.tsx';
import { inPlace } from './in-place.ts';
import MarksTab from './MarksTab.tsx';

function TabPane({ tab, me }: { tab: ProfileTab; me: Me }) {
  if (tab.mark) return <MarksTab key={tab.key} me={me} type={tab.mark} />;
  if (tab.key === 'favorite-actors') return <FavoriteActorsTab me={me} />;
  if (tab.key === 'customization') return <CustomizationTab me={me} />;
  if (tab.key === 'new-episodes') return <AlertsTab />;
  if (tab.key === 'friends') return <FriendsTab />;
  return <DetailsTab me={me} />;
}

/** The tabs of the open section; on a phone they scroll sideways, the open one brought into view. */
function TabBar({ tab, open }: { tab: ProfileTab; open: (href: string) => void }) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const current = nav.current?.querySelector('[aria-current="page"]');
    if (!nav.current || !current) return;
    const [box, item] = [nav.current.getBoundingClientRect(), current.getBoundingClientRect()];
    // Sideways only: the page itself stays where it is.
    if (item.left < box.left || item.right > box.right) nav.current.scrollLeft += item.left - box.left - (box.width - item.width) / 2;
  }, [tab]);
  return (
    <nav ref={nav} className="account-tabs scroll-row" aria-label={tab.section === 'profile' ? 'Вкладки профиля' : 'Вкладки избранного'}>
      {tabsOf(tab.section).map((t) => (
        <a key={t.key} className="account-tabs__tab" href={tabHref(t)} aria-current={t.key === tab.key ? 'page' : undefined}
          onClick={inPlace(open, tabHref(t))}>
          {t.label}
        </a>
      ))}
    </nav>
  );
}

export default function OwnProfile() {
  const [tab, setTab] = useState<ProfileTab | null>(() => tabOf(location.search));

  useEffect(() => {
    const follow = () => setTab(tabOf(location.search));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);

  const open = (href: string) => {
    const url = new URL(href, location.href);
    if (url.pathname + url.search !== location.pathname + location.search) history.pushState(null, '', url);
    setTab(tabOf(url.search));
  };

  return (
    <AccountFrame section={tab?.section ?? null} onNavigate={open}>
      {(me) => tab ? (
        <>
          <TabBar tab={tab} open={open} />
          <section className="account-pane" aria-label={tab.label}>
            <TabPane tab={tab} me={me} />
          </section>
        </>
      ) : (
        <div className="account-pane account-pane--unknown">
          <p className="account-unknown">{UNKNOWN_TAB}</p>
          <a className="btn btn--ghost" href={tabHref(PROFILE_TABS[0])} onClick={inPlace(open, tabHref(PROFILE_TABS[0]))}>
            Открыть профиль
          </a>
        </div>
      )}
    </AccountFrame>
  );
}
