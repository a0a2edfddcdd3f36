/** The player feature as other features use it. */
export { default as PlayerScreen, type PlayableEpisode, type Suggestion } from './PlayerScreen.tsx';
export type { PlayerMedia, MediaEvent } from './media.ts';
export { episodeAfter, episodeBefore, watchingOrder } from './episode-order.ts';
export { episodeState, episodeStateWords, watchedSummary } from './episode-state.ts';
export { $watched, $watchedLoad, $watchedMark, loadWatched, retryWatched, markWatched, keepWatchedIn, type WatchedRemote } from './watched-store.ts';
export { $playerSettings, changePlayerSettings, chooseSkip, keepSettingsIn } from './settings-store.ts';
