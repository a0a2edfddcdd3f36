/** Who belongs to a private chat: its creator and the one person invited. */
import type { Knex } from 'knex';

export async function chatMembers(database: Knex, chatId: string | number): Promise<string[] | null> {
  const chat = await database('chats').where('id', chatId).first('user_created');
  if (!chat) return null;
  const invited = await database('chats_directus_users').where('chats_id', chatId).pluck('directus_users_id');
  return [chat.user_created, ...invited];
}
