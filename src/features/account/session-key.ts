/** Storage key of the whole session (one JSON value, so tokens are written and cleared together). */
export const SESSION_KEY = 'session';
