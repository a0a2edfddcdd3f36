/**
 * The chat as other features see it: the /messages screen, which asks visitors to sign in. Its
 * working parts load only for signed-in people (`for-signed-in.ts`, and the floating window's
 * mount point, `mount-window.tsx`, which the account loads on demand).
 */
export { default as MessagesScreen } from './MessagesScreen.tsx';
export type { ChatKey, ChatMessage } from './directus.ts';
