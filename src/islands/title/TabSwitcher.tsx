/**
 * Tabs of the title page chosen by the `tab` query parameter (spec section 2): description by
 * default, seasons, soundtrack when present; an unknown value falls back to description.
 * The panes are static HTML; this island only shows one and keeps the URL in step.
 */
import { useEffect, useState } from 'react';

export interface Tab {
  id: string;
  label: string;
}

function tabFromUrl(tabs: Tab[]): string {
  const wanted = new URLSearchParams(window.location.search).get('tab');
  return tabs.some((t) => t.id === wanted) ? (wanted as string) : tabs[0].id;
}

function show(active: string, tabs: Tab[]): void {
  for (const t of tabs) {
    const pane = document.getElementById(`tab-${t.id}`);
    if (pane) pane.hidden = t.id !== active;
  }
}

export default function TabSwitcher({ tabs }: { tabs: Tab[] }) {
  const [active, setActive] = useState(tabs[0].id);

  useEffect(() => {
    const sync = () => setActive(tabFromUrl(tabs));
    sync();
    window.addEventListener('popstate', sync);
    return () => window.removeEventListener('popstate', sync);
  }, [tabs]);

  useEffect(() => show(active, tabs), [active, tabs]);

  const choose = (id: string) => {
    const url = new URL(window.location.href);
    if (id === tabs[0].id) url.searchParams.delete('tab');
    else url.searchParams.set('tab', id);
    window.history.pushState(null, '', url);
    setActive(id);
  };

  return (
    <div className="tabs" role="tablist" aria-label="Разделы">
      {tabs.map((t) => (
        <a
          key={t.id}
          role="tab"
          href={t.id === tabs[0].id ? '?' : `?tab=${t.id}`}
          aria-selected={active === t.id}
          aria-controls={`tab-${t.id}`}
          className={active === t.id ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
          onClick={(e) => { e.preventDefault(); choose(t.id); }}
        >
          {t.label}
        </a>
      ))}
    </div>
  );
}
