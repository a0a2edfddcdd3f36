/**
 * Files users upload. Nobody but editors and admins lists files: everyone else reaches a file by
 * the id a row they can read gives them (a poster, an avatar, a message's picture), so other
 * people's uploads and their names stay out of sight. A private chat's pictures carry the chat
 * (`directus_files.chat`), and the read permissions show them to its two members alone, in
 * /files and /assets alike. A picture hangs only on its uploader's own review, post or message,
 * and only where it belongs: a chat's picture in that chat, any other picture in public, once, and at
 * most PICTURES_MAX on one (attached with the row or later, one junction row at a time either way), in
 * a place among them (`sort`) from 0 to PICTURES_MAX.
 */
import { ForbiddenError } from '@directus/errors';
import { PICTURES_MAX } from '../../../../shared/rules.ts';
import type { Knex } from 'knex';
import { isPrivileged, type Actor } from '../../shared/accountability.ts';
import { forbidden, invalid } from '../../shared/errors.ts';
import type { Accountability } from '../../shared/directus.ts';
import { keyOf } from '../../shared/keys.ts';
import type { Register } from './types.ts';
import { isTree } from '../../shared/tree.ts';

/** A filter that picks files by id (`readOne`, `readMany`): the only kind of file query outside the admin app. */
export function picksById(filter: unknown): boolean {
  if (!isTree(filter)) return false;
  const id = filter.id;
  if (isTree(id) && ('_eq' in id || '_in' in id)) return true;
  return Array.isArray(filter._and) && filter._and.some(picksById);
}

/** The uploader's own file, and the private chat it was uploaded for (null for public pictures). */
export async function ownFile(database: Knex, fileId: unknown, actor: Actor | null): Promise<{ chat: string | null }> {
  const id = keyOf(fileId);
  const file = id === null ? null : await database('directus_files').where('id', String(id)).first('uploaded_by', 'chat');
  if (!file || file.uploaded_by !== actor?.user) forbidden();
  return { chat: file.chat === null || file.chat === undefined ? null : String(file.chat) };
}

export const PICTURE_PLACE = `Место картинки — целое число от 0 до ${PICTURES_MAX}`;
export const PICTURE_ATTACHED = 'Эта картинка уже прикреплена';
export const PARENT_DELETED = 'К удалённому сообщению или отзыву картинку не прикрепить';

/** A picture's place among its row's pictures: none, or a whole number no larger than the most a row holds. */
const isPicturePlace = (sort: unknown) => sort === undefined || sort === null || (Number.isInteger(sort) && (sort as number) >= 0 && (sort as number) <= PICTURES_MAX);

const ATTACHMENTS = [
  { junction: 'comments_files', parentField: 'comments_id', parent: 'comments' },
  { junction: 'posts_files', parentField: 'posts_id', parent: 'posts' },
  { junction: 'messages_files', parentField: 'messages_id', parent: 'messages' },
] as const;

export function registerFileRules({ filter }: Register): void {
  filter('files.query', (query, _meta, { accountability }) => {
    const who = accountability as Accountability | null;
    if (!who || who.admin || who.app) return query;
    if (!picksById((query as { filter?: unknown }).filter)) throw new ForbiddenError({ reason: 'Список файлов недоступен' });
    return query;
  });

  for (const { junction, parentField, parent } of ATTACHMENTS) {
    filter(`${junction}.items.create`, async (payload: Record<string, unknown>, _meta, { database, accountability }) => {
      if (isPrivileged(accountability)) return payload;
      const parentId = keyOf(payload[parentField]);
      const row = parentId === null ? null : await database(parent).where('id', parentId).first('*');
      if (!row || row.user_created !== accountability!.user) forbidden();
      if (row.deleted === true || row.deleted === 1) invalid(PARENT_DELETED);
      const { chat } = await ownFile(database, payload.directus_files_id, accountability);
      const where = parent === 'messages' && row.privateChat !== null && row.privateChat !== undefined ? String(row.privateChat) : null;
      if (chat !== where) invalid('Картинка загружена для другого чата');
      if (!isPicturePlace(payload.sort)) invalid(PICTURE_PLACE);
      const fileId = keyOf(payload.directus_files_id);
      if (await database(junction).where(parentField, parentId).andWhere('directus_files_id', String(fileId)).first('id')) invalid(PICTURE_ATTACHED);
      const [{ count }] = await database(junction).where(parentField, parentId).count({ count: '*' });
      if (Number(count) >= PICTURES_MAX) invalid(`Не больше ${PICTURES_MAX} картинок в одном сообщении, отзыве или записи`);
      return payload;
    });
  }
}
