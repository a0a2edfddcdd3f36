/** Unfolds and folds the actor's biography (BiographyFold.astro). */
customElements.define('site-biography-fold', class extends HTMLElement {
  connectedCallback() {
    const text = this.querySelector<HTMLElement>('.biography__text');
    const whole = this.querySelector<HTMLTemplateElement>('.biography__whole')?.content.textContent ?? '';
    const toggle = this.querySelector<HTMLButtonElement>('.biography__toggle');
    if (!text || !toggle) return;
    const folded = text.textContent ?? '';
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      text.textContent = open ? whole : folded;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.textContent = open ? 'Свернуть' : 'Читать полностью';
    });
  }
});
