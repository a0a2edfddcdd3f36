/**
 * Removing a person, from the admin app or by their own deletion: the files they uploaded go with
 * them (avatar, review, post and chat pictures), and so do the pictures of the private chats they
 * started, which leave with them. Staff uploads (posters, photos, clips) stay in the catalogue,
 * only without their uploader. Without this the files' foreign keys stop the delete.
 */
import type { Knex } from 'knex';
import { validateRemainingAdminUsers } from '../../shared/directus-internals.ts';
import type { Register } from './types.ts';

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
