/**
 * The title page's player, on one episode when one is named (a new-episode alert's link): the series
 * tab and `?episode=`, which the title page's signed-in parts read (features/title/addressed-episode.ts).
 * The tab is spelled here rather than imported from title-tabs.ts, which would then leave the title
 * page's inline script for a chunk of its own on every visitor's page; the test ties the two.
 */
export const EPISODE_PARAM = 'episode';

export const playerHref = (slug: string, episodeId?: number | null): string =>
  `/${slug}?tab=seasons${episodeId ? `&${EPISODE_PARAM}=${episodeId}` : ''}#player`;
