/**
 * The frame's overlays load on their first opening: until then a page carries no code of theirs
 * (nor React, when nothing else on it needs it). A failed load closes the overlay asked for, so the
 * next opening tries again.
 */
import { $overlay, closeOverlay } from './store.ts';

let loading = false;

$overlay.subscribe((overlay) => {
  if (!overlay || loading) return;
  loading = true;
  import('./mount-overlays.tsx').catch((err: unknown) => {
    loading = false;
    closeOverlay();
    console.error(err);
  });
});
