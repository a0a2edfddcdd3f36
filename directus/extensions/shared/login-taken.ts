/** Whether a login is taken: by a page of one's own profile, or by an account whose login reads the same. */
import type { Knex } from 'knex';
import { LOGIN_LIKENESS_SQL, loginLikeness } from '../../../shared/login-likeness.ts';
import { isOwnProfilePage } from '../../../shared/rules.ts';

export async function isLoginTaken(database: Knex, login: string, exceptUsers: readonly string[] = []): Promise<boolean> {
  if (isOwnProfilePage(login)) return true;
  // The first condition is the unique index's own (case aside), the second a look-alike's.
  const other = await database('directus_users')
    .where((q) => q.whereRaw('lower("login") = ?', [login.toLowerCase()]).orWhereRaw(`${LOGIN_LIKENESS_SQL} = ?`, [loginLikeness(login)]))
    .whereNotIn('id', exceptUsers)
    .first('id');
  return Boolean(other);
}
