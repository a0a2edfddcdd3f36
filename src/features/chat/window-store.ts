/**
 * The floating 'Онлайн чат' window: shown or hidden, independent of the frame's
 * overlays. Kept with the chat, which loads for signed-in people only, so visitors' pages carry none of it.
 */
import { atom } from 'nanostores';

export const $chatVisible = atom(false);

export function showChat(): void {
  $chatVisible.set(true);
}

export function hideChat(): void {
  $chatVisible.set(false);
}

export function toggleChat(): void {
  $chatVisible.set(!$chatVisible.get());
}
