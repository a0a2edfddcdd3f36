/**
 * Shows the tab of the title page that the address names, and follows clicks and history (TitleTabs.astro).
 * A link elsewhere on the page with `data-tab` (the banner's «Смотреть») opens its tab in place too, and
 * goes to the part its `#hash` names; without script it is a link like any other.
 */
import { tabHref, tabOf } from '../../lib/title-tabs.ts';

customElements.define('site-title-tabs', class extends HTMLElement {
  private tabs: HTMLAnchorElement[] = [];
  private ids: string[] = [];

  private show = () => {
    const active = tabOf(location.search, this.ids);
    for (const a of this.tabs) {
      const on = a.dataset.tab === active;
      a.ariaSelected = String(on);
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

  connectedCallback() {
    // The tabs are the page's static markup: read once, and listened to for the page's whole life.
    this.tabs = [...this.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
    this.ids = this.tabs.map((a) => a.dataset.tab ?? '');
    this.show();
    document.addEventListener('click', this.choose);
    addEventListener('popstate', this.show);
  }
});
