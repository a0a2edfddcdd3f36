/**
 * The viewer's player choices. Everyone's live in the browser (every tab follows a change); a
 * signed-in person's also live in the account, so they follow them to another device: the
 * account's signed-in part plugs itself in with `keepSettingsIn`.
 */
import { atom, computed, onMount } from 'nanostores';
import { $isSignedIn } from '../account/session.ts';
import { readPlayerSettings, type PlayerSettings, type SkipChoice } from '../../../shared/player-settings.ts';
import type { SegmentKind } from '../../../shared/segments.ts';
import { readItem, writeItem } from '../../lib/storage.ts';

const KEY = 'player-settings';

const parse = (raw: string | null): unknown => {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
};

export const $playerSettings = atom<PlayerSettings>(readPlayerSettings(parse(readItem(KEY))));

let account: ((s: PlayerSettings) => void) | null = null;
const $followsAccount = atom(false);

/**
 * The choices live in a signed-in person's account: only there does «marks follow the watching»
 * mean anything (the backend reads it when an episode is marked), so a visitor is not offered it.
 */
export const $settingsInAccount = computed([$isSignedIn, $followsAccount], (signedIn, follows) => signedIn && follows);

function keep(next: PlayerSettings, toAccount = true): void {
  $playerSettings.set(next);
  writeItem(KEY, JSON.stringify(next));
  if (toAccount) account?.(next);
}

export function changePlayerSettings(patch: Partial<Omit<PlayerSettings, 'skip'>>): void {
  keep({ ...$playerSettings.get(), ...patch });
}

export function chooseSkip(kind: SegmentKind, choice: SkipChoice): void {
  const current = $playerSettings.get();
  keep({ ...current, skip: { ...current.skip, [kind]: choice } });
}

/**
 * Settings follow the account from now on: its stored copy wins when it has one, otherwise the
 * browser's choices are offered to it; every later change is saved there too.
 */
export function keepSettingsIn(stored: unknown, save: (s: PlayerSettings) => void): void {
  account = save;
  $followsAccount.set(true);
  if (stored) keep(readPlayerSettings(stored), false);
  else save($playerSettings.get());
}

// Another tab changed them.
onMount($playerSettings, () => {
  // Islands are rendered at build time too, where there is no window.
  if (typeof window === 'undefined') return undefined;
  const follow = (e: StorageEvent) => {
    if (e.key === KEY) $playerSettings.set(readPlayerSettings(parse(e.newValue)));
  };
  window.addEventListener('storage', follow);
  return () => window.removeEventListener('storage', follow);
});
