/**
 * When a person was last seen is theirs alone: nobody else reads, filters, sorts, groups or
 * aggregates `last_access`, through REST or GraphQL. Screens get what they need instead: the
 * number of people online (GET /site/online) and an online flag in the private chat list.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { ONLINE_WINDOW_MS } from '../../shared/rules.ts';
import { admin, baseUrl, call, newUser, type Reply, type TestUser } from '../support/api.ts';
import { expectRefused } from '../support/fixtures.ts';

let person: TestUser;
let stranger: TestUser;
let administrator: string;

beforeAll(async () => {
  [person, stranger] = await Promise.all([newUser(), newUser()]);
  await person.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
  administrator = (await (await admin()).get<{ id: string }>('/users/me?fields=id')).id;
});

/**
 * A read that shows no last_access: refused (a visitor may read no such field), or answered with
 * it empty on every row (a signed-in person reads it on their own row only, and Directus blanks it
 * on the others).
 */
function expectNothingSeen(res: Reply, reader?: string): void {
  if (res.status !== 200) return expectRefused(res, 403);
  for (const row of [res.data].flat()) if (row.id !== reader) expect(row.last_access ?? null).toBeNull();
}

const READERS = ['a visitor', 'another person'] as const;
const tokenOf = (reader: (typeof READERS)[number]) => (reader === 'a visitor' ? undefined : stranger.token);

describe.each(READERS)('%s never learns when someone was last seen', (reader) => {
  const as = (path: string) => call('GET', path, { token: tokenOf(reader) });

  it('by reading the field, of a person or an administrator', async () => {
    for (const path of [`/users/${person.id}?fields=id,last_access`, '/users?fields=id,last_access&limit=5', `/users/${administrator}?fields=last_access`]) {
      expectNothingSeen(await as(path), reader === 'a visitor' ? undefined : stranger.id);
    }
  });

  it('by filtering, sorting, grouping or aggregating on it', async () => {
    const since = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    expectRefused(await as(`/users?fields=id&filter[last_access][_gt]=${since}`), 403);
    expectRefused(await as(`/users?fields=id&filter[id][_eq]=${person.id}&filter[last_access][_nnull]=true`), 403);
    expectRefused(await as('/users?fields=id&sort=-last_access&limit=1'), 403);
    expectRefused(await as('/users?aggregate[max]=last_access'), 403);
    expectRefused(await as('/users?aggregate[count]=id&groupBy[]=last_access'), 403);
  });

  it('through GraphQL', async () => {
    const token = tokenOf(reader);
    const res = await fetch(`${baseUrl()}/graphql/system`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query: `{ users_by_id(id: "${person.id}") { id last_access } }` }),
    });
    const body = await res.json();
    expect(body.data?.users_by_id?.last_access ?? null).toBeNull();
  });
});

describe('what screens still get', () => {
  it('a person reads their own last_access', async () => {
    const res = await person.call('GET', '/users/me?fields=last_access');
    expect(res.status).toBe(200);
    expect(typeof res.data.last_access).toBe('string');
  });

  it('everyone reads how many people are online, which counts a person as soon as they are seen', async () => {
    const arriving = await newUser();
    await arriving.call('PATCH', '/users/me', { last_access: new Date().toISOString() });
    // Others leave the window as the suite runs, so the count is held to the rows seen in the
    // windows that end just before and just after it was read.
    const cutoff = () => new Date(Date.now() - ONLINE_WINDOW_MS).toISOString();
    const early = cutoff();
    const count = (await call('GET', '/site/online')).data.count;
    const late = cutoff();
    const seenSince = async (since: string) => (await (await admin()).get<{ id: string }[]>(`/users?filter[last_access][_gt]=${since}&fields=id&limit=-1`)).map((u) => u.id);
    const [widest, narrowest] = [await seenSince(early), await seenSince(late)];
    expect(narrowest).toContain(arriving.id);
    expect(count).toBeGreaterThanOrEqual(narrowest.length);
    expect(count).toBeLessThanOrEqual(widest.length);
  });

  it('a private chat lists whether the other person is online, not when they were seen', async () => {
    const chat = await stranger.call('POST', '/items/chats', { user_invited: [{ directus_users_id: person.id }] });
    expect(chat.status).toBe(200);
    // Presence is told once the person has written in the chat (chat-list.test.ts).
    await person.call('POST', '/items/messages', { text: 'Привет', privateChat: chat.data.id });
    const list = await stranger.call('GET', '/site/chats');
    const entry = list.data.find((c: { id: number }) => c.id === chat.data.id);
    expect(entry.online).toBe(true);
    expect(entry.with).not.toHaveProperty('last_access');
  });

  it('editors read last_access in the admin app', async () => {
    const editor = await newUser(EDITOR_ROLE);
    const res = await editor.call('GET', `/users/${person.id}?fields=last_access`);
    expect(res.status).toBe(200);
    expect(typeof res.data.last_access).toBe('string');
  });
});
