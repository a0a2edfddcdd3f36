/**
 * The private chat with a person (found in either direction or started) and a message sent to it:
 * the chat's, and the people feature's message box on a profile. Every call goes through the
 * page's one client.
 */
import { createItem, readItems } from '@directus/sdk';
import { pageClient } from './client.ts';
import { DirectusRequestError, send } from './queries.ts';

const ME = '$CURRENT_USER';

/**
 * The id of the signed-in person's private chat with `personId`, whoever started it: one they
 * started inviting the person, or one the person started inviting them. Null when there is none.
 */
export async function findPrivateChat(personId: string): Promise<number | null> {
  const invitedMe = { user_invited: { _some: { directus_users_id: { _eq: ME } } } };
  const rows = await send(pageClient(), readItems('chats', {
    fields: ['id'],
    filter: {
      _or: [
        { _and: [{ user_created: { _eq: ME } }, { user_invited: { _some: { directus_users_id: { _eq: personId } } } }] },
        { _and: [{ user_created: { _eq: personId } }, invitedMe] },
      ],
    },
    sort: ['id'],
    limit: 1,
  }), 'private chat');
  return rows[0]?.id ?? null;
}

/**
 * The private chat with `personId`: the existing one, or a new one. When another tab started it
 * a moment ago the backend refuses a second chat, and the existing one is found again.
 */
export async function privateChatWith(personId: string): Promise<number> {
  const existing = await findPrivateChat(personId);
  if (existing !== null) return existing;
  try {
    const created = await send(pageClient(), createItem('chats', { user_invited: [{ directus_users_id: personId }] }, { fields: ['id'] }), 'chat');
    return created.id;
  } catch (err) {
    const raced = err instanceof DirectusRequestError && err.status === 400 ? await findPrivateChat(personId) : null;
    if (raced === null) throw err;
    return raced;
  }
}

/** Sends a text message to a private chat the person belongs to. */
export async function sendPrivateMessage(chatId: number, text: string): Promise<void> {
  await send(pageClient(), createItem('messages', { text, privateChat: chatId }, { fields: ['id'] }), 'message');
}
