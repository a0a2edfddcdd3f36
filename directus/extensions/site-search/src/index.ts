/**
 * Search: GET /site/search and /site/search/popular, POST /site/search/opened (routes.ts), over the
 * index the apply command makes (search-index.ts) and the columns kept in step with names
 * (search-keys.ts).
 *
 * The two reads are public and read only published rows through their own queries, so they are
 * answered before Directus works out who is asking and copies its schema for the request (that
 * copy alone took ~5 ms of each answer), behind the same rate limiters as every other request.
 * Counting an opening needs the caller, so it comes after Directus's own middleware.
 */
import { rateLimitAll, rateLimitAddress } from '../../shared/directus-internals.ts';
import { defineHook } from '@directus/extensions';
import { searchOpened, searchReads } from './routes.ts';
import { registerSearchKeyRules } from './search-keys.ts';
import { createVocabularyCache } from './vocabulary.ts';

export default defineHook(({ filter, action, init }, { database, env, logger }) => {
  const vocabulary = createVocabularyCache(database, (err) => logger.error(err));
  registerSearchKeyRules({ filter, action }, vocabulary);
  const reads = searchReads(database, vocabulary);
  init('middlewares.before', ({ app }) => {
    app.get('/site/search', rateLimitAll, rateLimitAddress, reads.search);
    app.get('/site/search/popular', rateLimitAll, rateLimitAddress, reads.popular);
  });
  init('routes.before', ({ app }) => {
    app.post('/site/search/opened', searchOpened(database, env));
  });
});
