/**
 * Friends: a request asked as oneself, once per pair whichever way, pending until its addressee
 * accepts it, ended by either of the two; pending requests read by their two people alone, accepted
 * ones by everyone as far as a friends list needs. Every attack below is refused with a Russian
 * reason and a 4xx, and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_READ_ROWS, PACE } from '../../shared/rules.ts';
import { baseUrl, call, newUser, type Reply, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectNothingStored, expectRefused, tokenUsers } from '../support/fixtures.ts';
import { Realtime, closeAllRealtime } from '../support/realtime.ts';

let a: TestUser;
let b: TestUser;
let c: TestUser;
/** A's request to B, left pending for the readers' tests. */
let pending: number;
/** A friendship of C and A (C asked, A accepted), for the public list. */
let accepted: number;

const between = (x: TestUser, y: TestUser) => ({
  _or: [
    { _and: [{ requester: { _eq: x.id } }, { addressee: { _eq: y.id } }] },
    { _and: [{ requester: { _eq: y.id } }, { addressee: { _eq: x.id } }] },
  ],
});

async function request(from: TestUser, to: TestUser): Promise<number> {
  const res = await from.call('POST', '/items/friendships', { addressee: to.id });
  expect(res.status, JSON.stringify(res.errors)).toBe(200);
  return res.data.id;
}

const ids = (res: Reply) => (res.data as { id: number }[]).map((row) => row.id);

beforeAll(async () => {
  [a, b, c] = await Promise.all([newUser(), newUser(), newUser()]);
  pending = await request(a, b);
  accepted = await request(c, a);
  expect((await a.call('PATCH', `/items/friendships/${accepted}`, { status: 'accepted' })).status).toBe(200);
});

afterAll(closeAllRealtime);

describe('a friend request', () => {
  it('is stored from the caller to the addressee, pending', async () => {
    expect(await adminRead('friendships', pending, 'requester,addressee,status')).toEqual({ requester: a.id, addressee: b.id, status: 'pending' });
  });

  it('is read by both of its people, with who asked whom', async () => {
    for (const person of [a, b]) {
      const res = await person.call('GET', `/items/friendships/${pending}?fields=id,requester,addressee,status`);
      expect(res.data).toEqual({ id: pending, requester: a.id, addressee: b.id, status: 'pending' });
    }
  });

  it('is accepted by its addressee alone, and then they are friends', async () => {
    const [x, y] = await Promise.all([newUser(), newUser()]);
    const id = await request(x, y);
    expectRefused(await x.call('PATCH', `/items/friendships/${id}`, { status: 'accepted' }), 403, 'Принять заявку может только тот, кому она отправлена');
    expect((await adminRead('friendships', id, 'status')).status).toBe('pending');
    const res = await y.call('PATCH', `/items/friendships/${id}`, { status: 'accepted' });
    expect(res.status).toBe(200);
    expect((await adminRead('friendships', id, 'status')).status).toBe('accepted');
    expectRefused(await y.call('PATCH', `/items/friendships/${id}`, { status: 'accepted' }), [400, 403]);
  });

  it('is declined by its addressee and cancelled by its requester, and may then be asked again', async () => {
    const [x, y] = await Promise.all([newUser(), newUser()]);
    const first = await request(x, y);
    expect((await y.call('DELETE', `/items/friendships/${first}`)).status).toBe(204);
    const second = await request(x, y);
    expect((await x.call('DELETE', `/items/friendships/${second}`)).status).toBe(204);
    expect(await countRows('friendships', between(x, y))).toBe(0);
    // After a decline the other one may ask too.
    await request(y, x);
    expect(await countRows('friendships', between(x, y))).toBe(1);
  });

  it('once accepted, is removed by either of the two', async () => {
    for (const remover of ['requester', 'addressee'] as const) {
      const [x, y] = await Promise.all([newUser(), newUser()]);
      const id = await request(x, y);
      await y.call('PATCH', `/items/friendships/${id}`, { status: 'accepted' });
      const res = await (remover === 'requester' ? x : y).call('DELETE', `/items/friendships/${id}`);
      expect(res.status).toBe(204);
      expect(await countRows('friendships', { id: { _eq: id } })).toBe(0);
    }
  });
});

describe('refused requests store nothing', () => {
  const refusedCreate = async (who: TestUser, body: unknown, status: number | number[], message?: string) => {
    const res = await expectNothingStored('friendships', {}, () => who.call('POST', '/items/friendships', body));
    expectRefused(res, status, message);
  };

  it('to oneself', async () => {
    await refusedCreate(c, { addressee: c.id }, 400, 'Нельзя добавить в друзья себя');
  });

  it('to nobody, or to someone who does not exist', async () => {
    await refusedCreate(c, {}, 400, 'Не указано, кого добавить в друзья');
    await refusedCreate(c, { addressee: '00000000-0000-4000-8000-000000000000' }, 400, 'Пользователь не найден');
  });

  it('the same again, or the other way round', async () => {
    await refusedCreate(a, { addressee: b.id }, 400, 'Заявка уже отправлена');
    await refusedCreate(b, { addressee: a.id }, 400, 'Этот пользователь уже отправил вам заявку: примите её');
    await refusedCreate(a, { addressee: c.id }, 400, 'Вы уже друзья');
    await refusedCreate(c, { addressee: a.id }, 400, 'Вы уже друзья');
  });

  it('on behalf of another requester', async () => {
    const [x, y] = await Promise.all([newUser(), newUser()]);
    await refusedCreate(x, { requester: y.id, addressee: c.id }, 403, 'Заявку в друзья можно отправить только от своего имени');
    await refusedCreate(x, { requester: { id: y.id }, addressee: c.id }, 403, 'только от своего имени');
  });

  it('accepted on creation', async () => {
    const x = await newUser();
    await refusedCreate(x, { addressee: c.id, status: 'accepted' }, 403, 'Заявка создаётся неподтверждённой');
    await refusedCreate(x, { addressee: c.id, status: 'friends' }, 400, 'Статус — pending или accepted');
  });

  it('numbers, lists and objects where a person’s id belongs', async () => {
    const x = await newUser();
    for (const addressee of [1, '1', [c.id], [c.id, b.id], { id: [c.id] }, true, `${c.id} `]) {
      await refusedCreate(x, { addressee }, 400, 'Неверный идентификатор');
    }
    await refusedCreate(x, { addressee: c.id, requester: [x.id] }, 400, 'Неверный идентификатор');
  });

  it('from a visitor', async () => {
    const res = await expectNothingStored('friendships', {}, () => call('POST', '/items/friendships', { body: { addressee: a.id } }));
    expectRefused(res, [401, 403]);
  });
});

describe('changing a request', () => {
  it('a third person cannot accept a request addressed to someone else, nor end it, nor tell it from a missing one', async () => {
    const accepting = await c.call('PATCH', `/items/friendships/${pending}`, { status: 'accepted' });
    expectRefused(accepting, 400, 'Заявка не найдена');
    const missing = await c.call('PATCH', `/items/friendships/${pending + 100_000}`, { status: 'accepted' });
    expect({ status: missing.status, errors: missing.errors }).toEqual({ status: accepting.status, errors: accepting.errors });
    expectRefused(await c.call('PATCH', '/items/friendships', { keys: [pending], data: { status: 'accepted' } }), 400, 'Заявка не найдена');
    // The requester sees the request, and is told who accepts it.
    expectRefused(await a.call('PATCH', `/items/friendships/${pending}`, { status: 'accepted' }), 403, 'Принять заявку может только тот, кому она отправлена');
    expectRefused(await c.call('DELETE', `/items/friendships/${pending}`), 403, 'Это не ваша заявка и не ваша дружба');
    expectRefused(await c.call('DELETE', '/items/friendships', [pending]), 403);
    expect(await adminRead('friendships', pending, 'status,requester,addressee')).toEqual({ status: 'pending', requester: a.id, addressee: b.id });
  });

  it('its people cannot be changed, nor a status other than accepted set', async () => {
    expectRefused(await b.call('PATCH', `/items/friendships/${pending}`, { addressee: c.id }), 400, 'Участников заявки не меняют');
    expectRefused(await b.call('PATCH', `/items/friendships/${pending}`, { requester: b.id, status: 'accepted' }), 400, 'Участников заявки не меняют');
    expectRefused(await b.call('PATCH', `/items/friendships/${pending}`, { status: ['accepted'] }), 400);
    expectRefused(await a.call('PATCH', `/items/friendships/${accepted}`, { status: 'pending' }), [400, 403]);
    expect(await adminRead('friendships', pending, 'status,requester,addressee')).toEqual({ status: 'pending', requester: a.id, addressee: b.id });
    expect((await adminRead('friendships', accepted, 'status')).status).toBe('accepted');
  });
});

describe('what others read', () => {
  it('a third person sees no pending request of others, however asked', async () => {
    expectRefused(await c.call('GET', `/items/friendships/${pending}`), 403);
    for (const query of [
      'filter[status][_eq]=pending',
      `filter[requester][_eq]=${a.id}`,
      `filter[addressee][_eq]=${b.id}`,
      `filter[id][_eq]=${pending}`,
      'sort=status',
      'sort=-requester',
    ]) {
      const res = await c.call('GET', `/items/friendships?fields=id&limit=${MAX_READ_ROWS}&${query}`);
      expect(res.status, query).toBe(200);
      expect(ids(res), query).not.toContain(pending);
    }
  });

  it('a third person counts and groups only what they may read', async () => {
    const counted = await c.call('GET', `/items/friendships?aggregate[count]=*&filter[status][_eq]=pending&filter[requester][_eq]=${a.id}`);
    expect(counted.status).toBe(200);
    expect(Number(counted.data[0].count)).toBe(0);
    const grouped = await c.call('GET', `/items/friendships?aggregate[count]=*&groupBy[]=status&filter[addressee][_eq]=${b.id}`);
    expect(grouped.status).toBe(200);
    expect(grouped.data.filter((g: { status: string }) => g.status === 'pending')).toEqual([]);
    const byRequester = await c.call('GET', '/items/friendships?aggregate[countDistinct]=addressee&groupBy[]=requester&filter[status][_eq]=pending');
    expect(byRequester.data.map((g: { requester: string }) => g.requester)).not.toContain(a.id);
  });

  it('a third person reaches no pending request through people, nor a private field through a friendship', async () => {
    // Filters that step into people's private fields are refused; other people's emails never show.
    expectRefused(await c.call('GET', `/items/friendships?filter[requester][email][_eq]=${encodeURIComponent(a.email)}`), 403);
    expectRefused(await c.call('GET', '/items/friendships?sort=requester.email'), 403);
    expectRefused(await c.call('GET', `/users?filter[$FOLLOW(friendships,requester)][_some][status][_eq]=pending`), [400, 403]);
    expectRefused(await c.call('GET', '/items/friendships?fields=id,pair,date_created'), 403);
    // C asked A: C reads their own email, never A's.
    const deep = await c.call('GET', `/items/friendships/${accepted}?fields=requester.email,addressee.email,addressee.last_access`);
    expect(deep.data?.addressee ?? null).toBeNull();
    expect(JSON.stringify(deep)).not.toContain(a.email);
    // People carry no list of friendships to walk through.
    const throughPerson = await c.call('GET', `/users/${a.id}?fields=id,friendships.*`);
    expect(throughPerson.status).toBeLessThan(500);
    expect(throughPerson.data ?? {}).not.toHaveProperty('friendships');
  });

  it('a visitor sees accepted friendships with the public fields of the two, and no pending request', async () => {
    const res = await call('GET', `/items/friendships?fields=id,status,requester.login,addressee.login&filter[_or][0][requester][_eq]=${a.id}&filter[_or][1][addressee][_eq]=${a.id}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ id: accepted, status: 'accepted', requester: { login: c.login }, addressee: { login: a.login } }]);
    expectRefused(await call('GET', `/items/friendships/${pending}`), 403);
    expect(ids(await call('GET', `/items/friendships?fields=id&filter[status][_eq]=pending&limit=${MAX_READ_ROWS}`))).toEqual([]);
    const counted = await call('GET', `/items/friendships?aggregate[count]=*&filter[requester][_eq]=${a.id}`);
    expect(Number(counted.data[0].count)).toBe(0);
    expectRefused(await call('GET', `/items/friendships?fields=requester.email&filter[id][_eq]=${accepted}`), 403);
  });

  it('a third person cannot subscribe to friendships live, nor can a visitor', async () => {
    for (const rt of [await Realtime.open(baseUrl(), c.token, 'third person'), await Realtime.visitor(baseUrl(), 'visitor')]) {
      rt.send({ type: 'subscribe', uid: 'f', collection: 'friendships', query: { fields: ['id', 'status', 'requester', 'addressee'], filter: { status: { _eq: 'pending' } } } });
      const answer = await rt.waitFor((f) => f.uid === 'f' && (f.type === 'error' || f.status === 'error' || f.event === 'init'), 'the subscribe answer');
      expect(answer.event).not.toBe('init');
      expect(answer.error?.code).toBe('FORBIDDEN');
    }
  });
});

describe('the pace of requests', () => {
  it(`takes ${PACE.friendRequest.count} in ${PACE.friendRequest.seconds} s a person, then refuses the next and stores nothing`, async () => {
    const asker = await newUser();
    const others = await tokenUsers(PACE.friendRequest.count + 1);
    for (const other of others.slice(0, PACE.friendRequest.count)) {
      expect((await asker.call('POST', '/items/friendships', { addressee: other.id })).status).toBe(200);
    }
    const last = others[PACE.friendRequest.count];
    const res = await expectNothingStored('friendships', { requester: { _eq: asker.id } }, () => asker.call('POST', '/items/friendships', { addressee: last.id }));
    expectRefused(res, 429);
    expect(res.errors?.[0]?.message).toMatch(/^Слишком много заявок в друзья подряд\. Подождите \d+ (с|мин)\.$/);
  });
});
