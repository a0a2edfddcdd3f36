/**
 * What a person does with their account: sign in and out, register, recover a password, read and
 * change the profile, upload a picture, delete the account. Loaded by the screens that need it,
 * never by a visitor's page; every call goes through the page's one client.
 */
import {
  customEndpoint, login, logout, passwordRequest, passwordReset, readMe, updateMe, uploadFiles, withOptions,
  type ReadItemOutput,
} from '@directus/sdk';
import { $session } from '../../features/account/session.ts';
import { clearSession, setSession } from '../../features/account/session-keeping.ts';
import { pageClient } from './client.ts';
import { ME_FIELDS } from './fields.ts';
import { send } from './queries.ts';
import type { Registration } from '../../../shared/rules.ts';
import type { Schema, User } from './schema.ts';

export type Me = ReadItemOutput<Schema, 'directus_users', { fields: typeof ME_FIELDS }>;


/** The fields a person may change on their own profile (an empty one is not sent). */
export type ProfileChange = Partial<Pick<User, 'login' | 'email' | 'first_name' | 'last_name' | 'dob' | 'gender' | 'aboutMe'>> & {
  password?: string;
  /** Sent with a new email or password, never stored. */
  current_password?: string;
  avatar?: string | null;
  nameColor?: number | null;
  frame?: number | null;
  background?: number | null;
};

/** Signs in (JSON mode) and stores the session; `remember` false ends it with the browser. */
export async function signIn(email: string, password: string, remember: boolean): Promise<void> {
  // The browser's cookie of earlier sign-ins travels with this call (sign-in limits spare known browsers).
  const command = withOptions(login({ email: email.trim(), password }, { mode: 'json' }), { credentials: 'same-origin' });
  const tokens = await send(pageClient(), command, 'sign in');
  if (!tokens.access_token || !tokens.refresh_token || !tokens.expires) throw new Error('The sign-in answered without tokens');
  setSession({
    access_token: tokens.access_token, refresh_token: tokens.refresh_token, expires: tokens.expires, expires_at: Date.now() + tokens.expires, remember,
  });
}

/** Ends the session on the backend (its tokens stop working at once) and forgets it here. */
export async function signOut(): Promise<void> {
  const session = $session.get();
  clearSession();
  if (session) await send(pageClient(), logout({ mode: 'json', refresh_token: session.refresh_token }), 'sign out').catch(() => undefined);
}

/** Makes the whole account in one step (POST /site/register); the caller then signs in. */
export function register(input: Registration): Promise<void> {
  return send(pageClient(), customEndpoint<void>({ path: '/site/register', method: 'POST', body: JSON.stringify(input) }), 'register');
}

/** True when nobody uses this login or email yet (case-blind); asked from 3 characters. */
export async function isAvailable(field: 'login' | 'email', value: string): Promise<boolean> {
  const params = new URLSearchParams({ [field]: value });
  const answer = await send(pageClient(), customEndpoint<{ available: boolean }>({ path: `/site/availability?${params}`, method: 'GET' }), 'availability');
  return answer.available === true;
}

/** Sends the reset mail; the link leads to this site's /reset-password. */
export function requestPasswordReset(email: string): Promise<void> {
  return send(pageClient(), passwordRequest(email.trim(), `${location.origin}/reset-password`), 'password reset request');
}

export function resetPassword(token: string, password: string): Promise<void> {
  return send(pageClient(), passwordReset(token, password), 'password reset');
}

export function readOwnProfile(): Promise<Me> {
  return send(pageClient(), readMe({ fields: ME_FIELDS }), 'profile') as Promise<Me>;
}

export function updateOwnProfile(change: ProfileChange): Promise<Me> {
  return send(pageClient(), updateMe(change, { fields: ME_FIELDS }), 'profile update') as Promise<Me>;
}

/** Tells the backend the person is here; the backend stamps its own clock. */
export async function pingPresence(): Promise<void> {
  // PATCH /users/me with last_access; the SDK's own type of that field cannot be written.
  const body = JSON.stringify({ last_access: new Date().toISOString() });
  await send(pageClient(), customEndpoint<unknown>({ path: '/users/me?fields=id', method: 'PATCH', body }), 'presence');
}

/** How many people were on the site in the last 10 minutes. */
export async function onlineCount(): Promise<number> {
  const answer = await send(pageClient(), customEndpoint<{ count: number }>({ path: '/site/online', method: 'GET' }), 'online count');
  return Number(answer.count ?? 0);
}

/** Uploads one picture (to a private chat when `chat` is given: only its members will see it); its file id. */
export async function uploadPicture(file: File, chat?: number): Promise<string> {
  const form = new FormData();
  if (chat !== undefined) form.append('chat', String(chat));
  form.append('file', file, file.name);
  const uploaded = await send(pageClient(), uploadFiles(form, { fields: ['id'] }), 'upload');
  return (uploaded as { id: string }).id;
}

/** Deletes the account, confirmed by the password, and forgets the session. */
export async function deleteAccount(password: string): Promise<void> {
  await send(pageClient(), customEndpoint<void>({ path: '/site/account/delete', method: 'POST', body: JSON.stringify({ password }) }), 'account deletion');
  clearSession();
}
