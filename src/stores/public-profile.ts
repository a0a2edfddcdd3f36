/**
 * The profile open at /profile/{login}: loading, found, missing (the page then becomes the 404
 * page) or failed with a retry; and the private message sent from it.
 */
import { atom } from 'nanostores';
import { privateChatWith, readPublicProfile, sendPrivateMessage, type PublicProfile } from '../lib/directus/people.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'ready'; profile: PublicProfile }
  | { status: 'missing' }
  | { status: 'error' };

export const $publicProfile = atom<ProfileState>({ status: 'loading' });

let ticket = 0;

export async function openProfile(login: string): Promise<void> {
  const mine = ++ticket;
  $publicProfile.set({ status: 'loading' });
  try {
    const profile = await readPublicProfile(login);
    if (mine === ticket) $publicProfile.set(profile ? { status: 'ready', profile } : { status: 'missing' });
  } catch (err) {
    console.error(err);
    if (mine === ticket) $publicProfile.set({ status: 'error' });
  }
}

/**
 * Writing from a profile: find the private chat with the person (or start it), send the message, and
 * answer the chat's id for the caller to open. Blank text sends nothing and answers null.
 */
export async function messagePerson(personId: string, text: string): Promise<number | null> {
  const body = text.trim();
  if (!body) return null;
  const chatId = await privateChatWith(personId);
  await sendPrivateMessage(chatId, body);
  return chatId;
}
