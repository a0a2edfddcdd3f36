/**
 * A signed-in person's player follows their account: watched episodes and settings are read from
 * it and saved to it (what the browser kept as a visitor is offered to it first), and marks made in
 * their other tabs and devices show here at once. Loaded with the title page's signed-in parts alone.
 */
import { accountWatched, readAccountSettings, saveAccountSettings } from './directus.ts';
import { keepSettingsIn } from './settings-store.ts';
import { followWatchedLive } from './watched-live.ts';
import { keepWatchedIn } from './watched-store.ts';

let following: Promise<void> | null = null;

/** Once per page; a failure is tried again on the next call. */
export function followAccount(): Promise<void> {
  following ??= (async () => {
    await keepWatchedIn(accountWatched);
    followWatchedLive();
    keepSettingsIn(await readAccountSettings(), (s) => { saveAccountSettings(s).catch((err: unknown) => console.error(err)); });
  })().catch((err: unknown) => {
    following = null;
    throw err;
  });
  return following;
}
