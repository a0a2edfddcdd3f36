/** Counts the view of the title page it is on, once, as the page opens (ViewCount.astro). */
import { runtime } from '../../lib/directus/runtime.ts';

customElements.define('site-view-count', class extends HTMLElement {
  connectedCallback() {
    runtime().countView(Number(this.dataset.title)).catch((err: unknown) => console.error(err));
  }
});
