/** The footer tag list's 'Показать все' / 'Свернуть' button (FooterTags.astro). */
const EXPANDED = 'footer-tags--expanded';

document.querySelector<HTMLButtonElement>('[data-footer-tags-toggle]')?.addEventListener('click', (event) => {
  const button = event.currentTarget as HTMLButtonElement;
  const expanded = button.closest('.footer-tags')?.classList.toggle(EXPANDED) ?? false;
  button.setAttribute('aria-expanded', String(expanded));
  button.textContent = expanded ? 'Свернуть' : 'Показать все';
});
