/**
 * How a login reads: capital I, the digit 1 and small l look alike, as do 0 and o, and case aside.
 * Two logins that read the same are one taken login, so nobody signs as a look-alike of someone.
 */
export const loginLikeness = (login: string): string => login.replace(/[I1]/g, 'l').replace(/0/g, 'o').toLowerCase();

/** The same reading in SQL (SQLite and PostgreSQL alike), so an index on it serves the lookup. */
export const LOGIN_LIKENESS_SQL = `lower(replace(replace(replace("login", 'I', 'l'), '1', 'l'), '0', 'o'))`;
