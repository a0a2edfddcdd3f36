/**
 * Names of titles or people were written (`{ collection, keys }`): the rules hook announces it on
 * the extensions' own emitter, and the search endpoint's vocabulary takes the new names in.
 */
export const NAMES_WRITTEN = 'site-search.names-written';
