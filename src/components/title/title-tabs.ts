/** Shows the tab of the title page that the address names, and follows clicks and history (TitleTabs.astro). */
import { tabHref, tabOf } from '../../lib/title-tabs.ts';

customElements.define('site-title-tabs', class extends HTMLElement {
  private links(): HTMLAnchorElement[] {
    return [...this.querySelectorAll<HTMLAnchorElement>('a[data-tab]')];
  }

  private ids(): string[] {
    return this.links().map((a) => a.dataset.tab ?? '');
  }

  private show = () => {
    const active = tabOf(window.location.search, this.ids());
    for (const a of this.links()) {
      const on = a.dataset.tab === active;
      a.setAttribute('aria-selected', String(on));
      a.classList.toggle('tabs__tab--active', on);
      const pane = document.getElementById(`tab-${a.dataset.tab}`);
      if (pane) pane.hidden = !on;
    }
  };

  private choose = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-tab]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', tabHref(window.location.href, link.dataset.tab ?? '', this.ids()));
    this.show();
  };

  connectedCallback() {
    this.show();
    this.addEventListener('click', this.choose);
    window.addEventListener('popstate', this.show);
  }

  disconnectedCallback() {
    this.removeEventListener('click', this.choose);
    window.removeEventListener('popstate', this.show);
  }
});
