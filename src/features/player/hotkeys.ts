/**
 * The player's keys. They act when the player has focus, or when nothing on the page takes typing;
 * a key with Ctrl, Alt or Meta belongs to the browser.
 */
export type PlayerAction =
  | 'toggle-play' | 'back' | 'forward' | 'volume-up' | 'volume-down'
  | 'fullscreen' | 'mute' | 'skip' | 'next-episode' | 'previous-episode';

/** Seconds of ←/→, and the volume step of ↑/↓. */
export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

/** The help's rows, in the order shown. */
export const HOTKEY_HELP: readonly { keys: string; does: string }[] = [
  { keys: 'Пробел или K', does: 'Пуск и пауза' },
  { keys: '← / →', does: `Назад и вперёд на ${SEEK_STEP_SECONDS} секунд` },
  { keys: '↑ / ↓', does: 'Громче и тише' },
  { keys: 'F', does: 'Во весь экран' },
  { keys: 'M', does: 'Выключить и включить звук' },
  { keys: 'S', does: 'Пропустить заставку, титры, пересказ или превью' },
  { keys: 'Shift + N', does: 'Следующая серия' },
  { keys: 'Shift + P', does: 'Предыдущая серия' },
];

export interface KeyPress {
  /** KeyboardEvent.code: the key's place, the same in the Russian layout. */
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** By KeyboardEvent.code ('KeyK', 'Space'…), none of which is a name an object inherits, such as 'toString'. */
const ACTIONS: Readonly<Record<string, PlayerAction>> = {
  Space: 'toggle-play', KeyK: 'toggle-play', ArrowLeft: 'back', ArrowRight: 'forward', ArrowUp: 'volume-up',
  ArrowDown: 'volume-down', KeyF: 'fullscreen', KeyM: 'mute', KeyS: 'skip',
};
const SHIFTED: Readonly<Record<string, PlayerAction>> = { KeyN: 'next-episode', KeyP: 'previous-episode' };

export function actionOf(e: KeyPress): PlayerAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  return (e.shiftKey ? SHIFTED : ACTIONS)[e.code] ?? null;
}

/** A focused element that takes typing (or its own keys) keeps them. */
export function takesTyping(el: { tagName: string; isContentEditable?: boolean; getAttribute(name: string): string | null } | null): boolean {
  if (!el) return false;
  // An HTML page's tag names are upper case.
  const tag = el.tagName;
  return !!el.isContentEditable || tag === 'TEXTAREA' || tag === 'SELECT'
    || (tag === 'INPUT' && !/^(button|checkbox|radio|range|submit|reset)$/i.test(el.getAttribute('type') ?? ''));
}
