/** The project's own endpoints and the view flow. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ONLINE_WINDOW_MS, OWN_PROFILE_PAGES, VIEW_FLOW_ID } from '../../shared/rules.ts';
import { admin, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectRefused, tokenUsers } from '../support/fixtures.ts';

const view = (titleId: unknown, token?: string) => call('POST', `/flows/trigger/${VIEW_FLOW_ID}`, { token, body: { titleId } });
const views = async (id: number) => Number((await adminRead('titles', id, 'views')).views);

describe('GET /site/availability', () => {
  let taken: TestUser;

  beforeAll(async () => {
    taken = await newUser();
    await taken.call('PATCH', '/users/me', { login: `Avail${taken.login}` });
    taken.login = `Avail${taken.login}`;
  });

  it.each([
    ['the login as stored', () => taken.login],
    ['the login in lower case', () => taken.login.toLowerCase()],
    ['the login in upper case', () => taken.login.toUpperCase()],
    ['the login with spaces around', () => `  ${taken.login} `],
  ])('answers taken for %s', async (_what, login) => {
    const res = await call('GET', `/site/availability?login=${encodeURIComponent(login())}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ available: false });
  });

  it('answers taken for a login that reads like the taken one, and free for one a reader tells apart', async () => {
    const lookalike = taken.login.replace(/l/g, 'I').replace(/o/gi, '0');
    expect(lookalike).not.toBe(taken.login);
    expect((await call('GET', `/site/availability?login=${lookalike}`)).data).toEqual({ available: false });
    expect((await call('GET', `/site/availability?login=${taken.login.replace('A', 'i')}`)).data).toEqual({ available: true });
  });

  it.each(OWN_PROFILE_PAGES.flatMap((page) => [page, page.toUpperCase()]))('answers taken for %s, a page of the own profile', async (login) => {
    expect((await call('GET', `/site/availability?login=${login}`)).data).toEqual({ available: false });
  });

  it('answers taken for an email in another case', async () => {
    const res = await call('GET', `/site/availability?email=${encodeURIComponent(taken.email.toUpperCase())}`);
    expect(res.data).toEqual({ available: false });
  });

  it('answers free for an unused login and email, and nothing else', async () => {
    const login = await call('GET', `/site/availability?login=free${Date.now()}`);
    const email = await call('GET', `/site/availability?email=${encodeURIComponent(`free${Date.now()}@example.com`)}`);
    expect(login.data).toEqual({ available: true });
    expect(email.data).toEqual({ available: true });
  });

  it('tells a signed-in user no more than a visitor', async () => {
    const res = await call('GET', `/site/availability?login=${taken.login}`, { token: taken.token });
    expect(res.data).toEqual({ available: false });
  });

  it.each(['ab', '  a  ', ''])('refuses a value shorter than 3 characters: %j', async (value) => {
    const res = await call('GET', `/site/availability?login=${encodeURIComponent(value)}`);
    expectRefused(res, 400, 'Укажите login или email не короче 3 символов');
    expect(res.data).toBeUndefined();
  });

  it('refuses a call that names neither login nor email', async () => {
    expectRefused(await call('GET', '/site/availability'), 400, 'Укажите login или email');
    expectRefused(await call('GET', '/site/availability?id=whatever'), 400, 'Укажите login или email');
  });
});

describe('GET /site/online', () => {
  const online = async () => {
    const res = await call('GET', '/site/online');
    expect(res.status).toBe(200);
    expect(Object.keys(res.data)).toEqual(['count']);
    return res.data.count as number;
  };
  const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

  it('answers a bare count, the same Directus finds for last_access in the last 10 minutes', async () => {
    const byAdmin = await (await admin()).get<{ count: { id: number } }[]>(
      `/users?aggregate[count]=id&filter[last_access][_gt]=${encodeURIComponent('$NOW(-10 minutes)')}`,
    );
    expect(await online()).toBe(Number(byAdmin[0].count.id));
  });

  it('does not count a user who has never been seen, then counts them after a presence ping', async () => {
    const [quiet] = await tokenUsers(1);
    const before = await online();
    expect((await adminRead('directus_users', quiet.id, 'last_access')).last_access).toBeNull();
    expect(await online()).toBe(before);
    expect((await call('PATCH', '/users/me', { token: quiet.token, body: { last_access: ago(60 * 60_000) } })).status).toBe(200);
    expect(await online()).toBe(before + 1);
  });

  it('counts last_access inside the window and not outside it', async () => {
    const [inside, outside] = await tokenUsers(2);
    const before = await online();
    expect((await asAdmin('PATCH', `/users/${outside.id}`, { last_access: ago(ONLINE_WINDOW_MS + 60_000) })).status).toBe(200);
    expect(await online()).toBe(before);
    expect((await asAdmin('PATCH', `/users/${inside.id}`, { last_access: ago(ONLINE_WINDOW_MS - 60_000) })).status).toBe(200);
    expect(await online()).toBe(before + 1);
  });

  it('is open to visitors and carries no user data', async () => {
    const res = await call('GET', '/site/online');
    expect(res.data).toEqual({ count: expect.any(Number) });
  });
});

describe('GET /site/rating/:titleId', () => {
  it('answers a null average and no count for a title nobody rated', async () => {
    const t = await newTitle();
    const res = await call('GET', `/site/rating/${t.id}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ average: null, count: 0 });
  });

  it('answers the average with two decimals and the count', async () => {
    const t = await newTitle();
    const voters = await Promise.all([newUser(), newUser(), newUser()]);
    for (const [i, rating] of [5, 4, 4].entries()) {
      expect((await voters[i].call('POST', '/items/ratings', { rating, title: t.id })).status).toBe(200);
    }
    const res = await call('GET', `/site/rating/${t.id}`);
    expect(res.data).toEqual({ average: 4.33, count: 3 });
  });

  it('follows a replaced rating', async () => {
    const t = await newTitle();
    const [first, second] = await Promise.all([newUser(), newUser()]);
    await first.call('POST', '/items/ratings', { rating: 1, title: t.id });
    const r = await second.call('POST', '/items/ratings', { rating: 2, title: t.id });
    expect((await call('GET', `/site/rating/${t.id}`)).data).toEqual({ average: 1.5, count: 2 });
    await second.call('DELETE', `/items/ratings/${r.data.id}`);
    await second.call('POST', '/items/ratings', { rating: 5, title: t.id });
    expect((await call('GET', `/site/rating/${t.id}`)).data).toEqual({ average: 3, count: 2 });
  });

  it('answers 404 for a draft or an unknown title, so drafts show nothing', async () => {
    const draft = await newTitle({ status: 'draft' });
    const res = await call('GET', `/site/rating/${draft.id}`);
    expect(res.status).toBe(404);
    expect(res.errors?.[0].message).toBe('Сериал или фильм не найден');
    expect((await call('GET', '/site/rating/987654321')).status).toBe(404);
  });

  it.each(['abc', '0', '-3', '1.5'])('refuses title id %j', async (id) => {
    expectRefused(await call('GET', `/site/rating/${id}`), 400, 'Неверный номер сериала или фильма');
  });
});

describe('GET /site/ratings', () => {
  it('answers every rated published title at once, as the single answer would, and no draft', async () => {
    const [rated, unrated, draft] = await Promise.all([newTitle(), newTitle(), newTitle({ status: 'draft' })]);
    const voters = await Promise.all([newUser(), newUser(), newUser()]);
    for (const [i, rating] of [5, 4, 4].entries()) {
      expect((await voters[i].call('POST', '/items/ratings', { rating, title: rated.id })).status).toBe(200);
    }
    // A draft may still hold ratings from before it was unpublished.
    await (await admin()).patch(`/items/titles/${draft.id}`, { status: 'published' });
    await voters[0].call('POST', '/items/ratings', { rating: 2, title: draft.id });
    await (await admin()).patch(`/items/titles/${draft.id}`, { status: 'draft' });

    const res = await call('GET', '/site/ratings');
    expect(res.status).toBe(200);
    const byTitle = new Map((res.data as { title: number; average: number; count: number }[]).map((r) => [r.title, r]));
    expect(byTitle.get(rated.id)).toEqual({ title: rated.id, average: 4.33, count: 3 });
    expect((await call('GET', `/site/rating/${rated.id}`)).data).toEqual({ average: 4.33, count: 3 });
    expect(byTitle.has(unrated.id)).toBe(false);
    expect(byTitle.has(draft.id)).toBe(false);
  });
});

describe('GET /site/comment-counts', () => {
  type Count = { title: number; count: number };
  /** What a visitor's own grouped count of comments says of these titles. */
  const visitorCounts = async (ids: number[]) => {
    const res = await call<{ title: number; count: string | number }[]>('GET',
      `/items/comments?aggregate[count]=*&groupBy[]=title&filter[deleted][_eq]=false&filter[title][_in]=${ids.join(',')}`);
    expect(res.status).toBe(200);
    return new Map(res.data!.map((r) => [Number(r.title), Number(r.count)]));
  };

  it('counts the reviews each published title shows, as a visitor\'s grouped count does, and nothing of a draft', async () => {
    const [reviewed, unreviewed, draft] = await Promise.all([newTitle(), newTitle(), newTitle()]);
    const writers = await Promise.all([newUser(), newUser(), newUser()]);
    const reviews: number[] = [];
    for (const w of writers) {
      const res = await w.call('POST', '/items/comments', { text: `Отзыв ${w.login}`, title: reviewed.id });
      expect(res.status).toBe(200);
      reviews.push(res.data.id);
    }
    expect((await writers[1].call('POST', '/items/comments', { text: 'Ответ', comment: reviews[0] })).status).toBe(200);
    // A deleted review stays as a tombstone for its replies and is not shown.
    expect((await writers[2].call('PATCH', `/items/comments/${reviews[2]}`, { deleted: true })).status).toBe(200);
    // A draft keeps the reviews it had while published.
    expect((await writers[0].call('POST', '/items/comments', { text: 'Отзыв', title: draft.id })).status).toBe(200);
    await (await admin()).patch(`/items/titles/${draft.id}`, { status: 'draft' });

    const res = await call<Count[]>('GET', '/site/comment-counts');
    expect(res.status).toBe(200);
    const byTitle = new Map(res.data!.map((r) => [r.title, r.count]));
    const shown = await countRows('comments', { title: { _eq: reviewed.id }, deleted: { _eq: false } });
    expect(shown).toBeLessThan(await countRows('comments', { title: { _eq: reviewed.id } }));
    expect(byTitle.get(reviewed.id)).toBe(shown);
    expect(await visitorCounts([reviewed.id, unreviewed.id, draft.id])).toEqual(new Map([[reviewed.id, shown]]));
    expect(byTitle.has(unreviewed.id)).toBe(false);
    expect(await countRows('comments', { title: { _eq: draft.id } })).toBe(1);
    expect(byTitle.has(draft.id)).toBe(false);

    // A signed-in person asking with a filter of their own is told the same.
    const asked = await writers[0].call<Count[]>('GET', `/site/comment-counts?filter[status][_eq]=draft&filter[title][_eq]=${draft.id}&limit=1`);
    const theirs = new Map(asked.data!.map((r) => [r.title, r.count]));
    expect([reviewed.id, unreviewed.id, draft.id].map((id) => theirs.get(id))).toEqual([shown, undefined, undefined]);
  });
});

describe(`POST /flows/trigger/{VIEW_FLOW_ID}`, () => {
  it('counts a view from a visitor without auth', async () => {
    const t = await newTitle();
    const res = await view(t.id);
    expect(res.status).toBe(200);
    expect(await views(t.id)).toBe(1);
  });

  it('does not count a repeat from the same visitor', async () => {
    const t = await newTitle();
    await view(t.id);
    expect((await view(t.id)).status).toBe(200);
    expect((await view(String(t.id))).status).toBe(200);
    expect(await views(t.id)).toBe(1);
  });

  it('counts a signed-in user once, apart from visitors on the same address', async () => {
    const t = await newTitle();
    const viewer = await newUser();
    await view(t.id);
    await view(t.id, viewer.token);
    await view(t.id, viewer.token);
    expect(await views(t.id)).toBe(2);
  });

  it('adds exactly 200 for 200 parallel views from 200 different visitors', async () => {
    const t = await newTitle();
    const visitors = await tokenUsers(200);
    const replies = await Promise.all(visitors.map((v) => view(t.id, v.token)));
    expect(replies.map((r) => r.status)).toEqual(Array(200).fill(200));
    expect(await views(t.id)).toBe(200);
  });

  it('adds exactly 1 for 50 parallel views from one visitor', async () => {
    const t = await newTitle();
    const [visitor] = await tokenUsers(1);
    const replies = await Promise.all(Array.from({ length: 50 }, () => view(t.id, visitor.token)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(await views(t.id)).toBe(1);
  });

  it('refuses a draft title and changes nothing', async () => {
    const t = await newTitle({ status: 'draft' });
    const res = await view(t.id);
    expectRefused(res, 400, 'Сериал или фильм не найден');
    expect(await views(t.id)).toBe(0);
  });

  it('counts a title published after a refused view', async () => {
    const t = await newTitle({ status: 'draft' });
    await view(t.id);
    await (await admin()).patch(`/items/titles/${t.id}`, { status: 'published' });
    expect((await view(t.id)).status).toBe(200);
    expect(await views(t.id)).toBe(1);
  });

  it('refuses an unknown title', async () => {
    expectRefused(await view(99_999_999), 400, 'Сериал или фильм не найден');
  });

  it.each([['abc'], [-1], [0], [1.5], [null], [{ id: 1 }]])('refuses titleId %j', async (titleId) => {
    expectRefused(await view(titleId), 400, 'titleId должен быть номером сериала или фильма');
  });

  it('refuses a body without titleId', async () => {
    expectRefused(await call('POST', `/flows/trigger/${VIEW_FLOW_ID}`, { body: {} }), 400, 'titleId должен быть номером сериала или фильма');
  });
});
