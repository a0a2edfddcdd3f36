/** Counts the view of the title page it is on, once, as the page opens (ViewCount.astro). */
import { pageClient } from '../../lib/directus/client.ts';
import { countView } from '../../lib/directus/view-count.ts';

customElements.define('site-view-count', class extends HTMLElement {
  connectedCallback() {
    // A view not counted (the backend busy: 429, 503) changes nothing the visitor sees: nothing is said.
    countView(pageClient(), Number(this.dataset.title)).catch(() => {});
  }
});
