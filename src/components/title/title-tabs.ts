/**
 * Shows the tab of the title page that the address names, and follows clicks and history (TitleTabs.astro).
 * The arrows, Home and End move between the tabs, as WAI-ARIA's tabs do; only the chosen one is a Tab stop.
 * A link elsewhere on the page with `data-tab` (the banner's «Смотреть») opens its tab in place too, and
 * goes to the part its `#hash` names; without script it is a link like any other.
 */
import { tabAfterKey } from '../../lib/tab-keys.ts';
import { tabHref, tabOf } from '../../lib/title-tabs.ts';

customElements.define('site-title-tabs', class extends HTMLElement {
  private tabs: HTMLAnchorElement[] = [];
  private ids: string[] = [];

  private show = () => {
    const active = tabOf(location.search, this.ids);
    for (const a of this.tabs) {
      const on = a.dataset.tab === active;
      a.ariaSelected = String(on);
      a.tabIndex = on ? 0 : -1;
      const pane = document.getElementById(`tab-${a.dataset.tab}`);
      if (pane) pane.hidden = !on;
    }
  };

  private choose = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-tab]');
    if (!link || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    history.pushState(null, '', tabHref(location.href, link.dataset.tab ?? '', this.ids, link.hash));
    this.show();
    const target = link.hash && document.querySelector<HTMLElement>(link.hash);
    if (target) {
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    }
  };

  // A tab the arrows reach is chosen, through the same click a pointer gives.
  private move = (event: KeyboardEvent) => {
    const to = this.tabs[tabAfterKey(event.key, this.tabs.indexOf(event.target as HTMLAnchorElement), this.tabs.length) ?? -1];
    if (!to) return;
    event.preventDefault();
    to.click();
    to.focus();
  };

  connectedCallback() {
    // The tabs are the page's static markup: read once, and listened to for the page's whole life.
    this.tabs = [...this.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
    this.ids = this.tabs.map((a) => a.dataset.tab ?? '');
    this.show();
    document.addEventListener('click', this.choose);
    this.addEventListener('keydown', this.move);
    addEventListener('popstate', this.show);
  }
});
