/**
 * Removing a person, from the admin app or by their own deletion: the files they uploaded go with
 * them (avatar, review, post and chat pictures), and so do the pictures of the private chats they
 * started, which leave with them. Staff uploads (posters, photos, clips) stay in the catalogue,
 * only without their uploader. Without this the files' foreign keys stop the delete. A review
 * others answered stays for their replies as a deleted one («Комментарий удалён»), named by nobody,
 * as when its author deletes it alone.
 */
import type { Knex } from 'knex';
import { validateRemainingAdminUsers } from '../../shared/directus-internals.ts';
import { removePictures } from './tombstones.ts';
import type { Register } from './types.ts';

/** Keys written at once: well under SQLite's cap of a statement's values. */
const CHUNK = 500;

/** Those of `people` whose role or own policies open the admin app. */
async function staffAmong(database: Knex, people: string[]): Promise<Set<string>> {
  const rows: { id: string }[] = await database('directus_users as u')
    .join('directus_access as a', (j) => j.on('a.role', 'u.role').orOn('a.user', 'u.id'))
    .join('directus_policies as p', 'p.id', 'a.policy')
    .whereIn('u.id', people)
    .where((q) => q.where('p.admin_access', true).orWhere('p.app_access', true))
    .distinct('u.id as id');
  return new Set(rows.map((r) => r.id));
}

/**
 * The comments of `people` that someone else replied to: kept as deleted rows without an author, so
 * the replies' foreign key does not take others' writing with them.
 */
async function keepAnsweredComments(database: Knex, people: string[], deleteFiles: (ids: string[]) => Promise<void>): Promise<void> {
  const answered: number[] = await database('comments as c')
    .whereIn('c.user_created', people)
    .whereExists((q) => q.select(database.raw('1')).from('comments as r').whereRaw('?? = ??', ['r.comment', 'c.id'])
      .where((by) => by.whereNotIn('r.user_created', people).orWhereNull('r.user_created')))
    .pluck('c.id');
  for (let i = 0; i < answered.length; i += CHUNK) {
    const ids = answered.slice(i, i + CHUNK);
    await removePictures(database, 'comments_files', 'comments_id', ids, deleteFiles);
    await database('comments').whereIn('id', ids).update({ deleted: true, text: '', user_created: null });
  }
}

export function registerUserRemoval({ filter }: Register, deleteFiles: (ids: string[]) => Promise<void>): void {
  filter('users.delete', async (keys, _meta, { database, accountability }) => {
    // Only administrators (and Directus itself) delete people; everyone else is refused after this filter.
    if (accountability && !accountability.admin) return keys;
    const people = (Array.isArray(keys) ? keys : []).map(String);
    if (!people.length) return keys;
    // Directus refuses removing the last administrator only after this filter, when the files would be gone.
    await validateRemainingAdminUsers({ excludeUsers: people }, { knex: database });
    const staff = await staffAmong(database, people);
    const members = people.filter((id) => !staff.has(id));
    if (members.length) {
      await keepAnsweredComments(database, members, deleteFiles);
      const files: string[] = await database('directus_files')
        .whereIn('uploaded_by', members)
        .orWhereIn('chat', database('chats').whereIn('user_created', members).select('id'))
        .pluck('id');
      if (files.length) await deleteFiles(files);
    }
    await database('directus_files').whereIn('uploaded_by', people).update({ uploaded_by: null });
    await database('directus_files').whereIn('modified_by', people).update({ modified_by: null });
    return keys;
  });
}
