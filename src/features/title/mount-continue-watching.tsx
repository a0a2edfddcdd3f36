/** Puts the 'Продолжить просмотр' row into its place on the home page (signed-in code only). */
import { createRoot } from 'react-dom/client';
import ContinueWatching from './ContinueWatching.tsx';

export function mountContinueWatching(slot: Element): void {
  createRoot(slot).render(<ContinueWatching />);
}
