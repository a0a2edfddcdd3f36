/**
 * Plain buttons of the static header and footer that open an overlay: `data-open="search"` or
 * `data-open="contact"`. One delegated listener, so the buttons need no island of their own and
 * work as soon as this small script runs; the overlay island reads the same ui store.
 */
import { openContact, openSearch } from '../../stores/ui.ts';

const ACTIONS: Record<string, () => void> = { search: openSearch, contact: openContact };

document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-open]');
  const action = trigger ? ACTIONS[trigger.dataset.open ?? ''] : undefined;
  if (!action) return;
  event.preventDefault();
  action();
});
