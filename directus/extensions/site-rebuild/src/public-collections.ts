/**
 * Collections whose rows a public page shows: a change to any of them rebuilds the site. Chat,
 * messages, comments, marks, ratings, users and the like never do (counters are refreshed on a timer,
 * see scripts/site-build/rebuild-loop.ts). Files count when one of these collections uses them.
 */
export const PUBLIC_COLLECTIONS: readonly string[] = [
  'titles', 'series', 'iframeSeasons', 'segments', 'soundtracks', 'soundtracks_files',
  'titles_genres', 'titles_actors', 'titles_directors', 'titles_screenwriters', 'titles_images', 'titles_tags', 'titles_related',
  'actors', 'actors_genres', 'actors_images', 'categories', 'subCategories', 'genres', 'countries', 'tags',
  'mainBanners', 'updates', 'static', 'shop', 'plans',
];
