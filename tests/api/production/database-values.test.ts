/**
 * Values PostgreSQL cannot take, which SQLite lets by: a read filtering on them, or a write carrying them,
 * is refused with a 400 that names what is wrong (Directus answered 500), nothing is written, and the
 * backend answers the next request. A live subscription naming one is refused with an error frame (it had
 * no answer at all). Logins that read alike, registered at once on the two instances, make one account:
 * the database's index holds where the lookup before the write cannot.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http } from '../../support/direct-http.ts';
import { Realtime, closeAllRealtime } from '../../support/realtime.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/rules.ts';
import { LOGIN_LIKENESS_SQL, loginLikeness } from '../../../shared/login-likeness.ts';
import { RETIRED_INDEXES } from '../../../directus/schema/collections.ts';
import { newPersonOn, startTwoInstances, type ProductionPerson, type TwoInstances } from '../../support/two-instances.ts';

let world: TwoInstances | undefined;
let person: ProductionPerson;
let titleId: number;

beforeAll(async () => {
  world = await startTwoInstances('values');
  person = await newPersonOn(world.a);
  titleId = (await world.a.api.post<{ id: number }>('/items/titles', { slug: `values-${Date.now()}`, name: 'Тайтл', status: 'published', views: 0 })).id;
}, 360_000);

afterAll(async () => {
  await closeAllRealtime();
  await world?.stop();
}, 60_000);

const TEXT = 'Текст содержит недопустимый символ';
const DATE = 'Неверная дата или время';
const RANGE = 'Число вне допустимого диапазона';
const TYPE = 'Значение не подходит к типу поля';
const FUNCTION = 'Эта функция не применима к полю';

const reads: [string, string][] = [
  ['/items/titles?fields=id&filter[name][_eq]=%00', TEXT],
  ['/items/titles?fields=id&search=%00', TEXT],
  ['/items/titles?fields=id&filter[date_created][_gt]=notadate', DATE],
  ['/items/titles?fields=id&filter[date_created][_eq]=2020-13-45', DATE],
  ['/items/titles?fields=id&filter[date_created][_gt]=$NOW(-99999999999 years)', DATE],
  ['/items/titles?fields=id&filter[releaseYear][_eq]=2147483648', RANGE],
  ['/items/titles?fields=id&filter[id][_eq]=1.5', TYPE],
  ['/items/titles?fields=id&filter[promo][_eq]=maybe', TYPE],
  ['/items/comments?fields=id&filter[user_created][_eq]=notauuid', TYPE],
  ['/users?fields=id&filter[id][_eq]=notauuid', TYPE],
  ['/items/titles?aggregate[avg]=name', FUNCTION],
];

describe('a read naming a value its field cannot hold', () => {
  it.each(reads)('%s is a 400 that says why, to a visitor and a member', async (path, reason) => {
    for (const token of [undefined, person.token]) {
      const res = await http(world!.a.url, 'GET', path, { token });
      expect(res.status).toBe(400);
      expect(res.errors?.[0]?.message).toContain(reason);
    }
    expect((await http(world!.a.url, 'GET', `/items/titles/${titleId}?fields=id`)).data).toEqual({ id: titleId });
  });
});

describe('a write carrying a NUL byte in its text', () => {
  const rows = async (table: string) => Number((await world!.db(table).count({ n: '*' }))[0]!.n);

  it('is refused with a 400 and leaves nothing: a support request, a registration, a review', async () => {
    const before = { requests: await rows('supportRequests'), users: await rows('directus_users'), comments: await rows('comments') };
    const writes = [
      http(world!.a.url, 'POST', '/items/supportRequests', { body: { name: 'Имя\u0000', email: 'a@example.com', topic: 'Тема', message: 'Текст' } }),
      http(world!.a.url, 'POST', '/site/register', {
        body: { email: 'nul@example.com', password: 'secret-password-1', login: 'nul_user', first_name: 'Имя\u0000', last_name: 'Фамилия', dob: '1990-01-01', gender: 'Мужской' },
      }),
      http(world!.a.url, 'POST', '/items/comments', { body: { text: 'Отзыв\u0000', title: titleId }, token: person.token }),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(400);
      expect(res.errors?.[0]?.message).toContain(TEXT);
    }
    expect({ requests: await rows('supportRequests'), users: await rows('directus_users'), comments: await rows('comments') }).toEqual(before);
  });
});

describe('a live subscription naming such a value', () => {
  it('is refused with an error frame that says why, and the socket subscribes as usual after it', async () => {
    const socket = await Realtime.open(world!.a.url, person.token, 'subscriber');
    const refused: [string, string, Record<string, unknown>, string][] = [
      ['messages', 'm', { text: { _eq: 'a\u0000' } }, TEXT],
      ['comments', 'c', { date_created: { _gt: 'notadate' } }, DATE],
      ['reactions', 'r', { comment: { _eq: 2147483648 } }, RANGE],
    ];
    for (const [collection, uid, filter, reason] of refused) {
      socket.send({ type: 'subscribe', uid, collection, query: { fields: ['id'], filter } });
      const answer = await socket.waitFor((f) => f.uid === uid, `the answer to subscription ${uid}`);
      expect(answer.status).toBe('error');
      expect(answer.error.message).toContain(reason);
    }
    const init = await socket.subscribeMessages('chat');
    expect(init.event).toBe('init');
  });
});

describe('logins that read alike', () => {
  const accountsReading = async (login: string) =>
    Number((await world!.db('directus_users').whereRaw(`${LOGIN_LIKENESS_SQL} = ?`, [loginLikeness(login)]).count({ n: '*' }))[0]!.n);
  const registration = (login: string) => ({
    email: `${login.toLowerCase()}-${randomUUID().slice(0, 4)}@example.com`, password: 'secret-password-1', login,
    first_name: 'Имя', last_name: 'Фамилия', dob: '1990-01-01', gender: 'Женский',
  });

  it('registered at once on both instances make one account, and the others are told the login is taken', async () => {
    for (let round = 0; round < 5; round++) {
      const stem = `a${randomUUID().slice(0, 8)}`;
      const logins = [`${stem}l`, `${stem}I`, `${stem}1`];
      const bases = [world!.a.url, world!.b.url, world!.a.url];
      const answers = await Promise.all(logins.map((login, i) => http(bases[i]!, 'POST', '/site/register', { body: registration(login) })));
      expect(answers.map((a) => a.status).sort()).toEqual([204, 400, 400]);
      for (const refused of answers.filter((a) => a.status === 400)) expect(refused.errors?.[0]?.message).toContain(ACCOUNT_MESSAGES.loginTaken);
      expect(await accountsReading(stem + 'l')).toBe(1);
    }
  });

  it('are kept apart by the database itself, whatever writes the row', async () => {
    const owner = await newPersonOn(world!.a, `b${randomUUID().slice(0, 8)}l`);
    const twin = owner.login.replace(/l$/, 'I');
    await expect(world!.db('directus_users').insert({ id: randomUUID(), email: `${twin.toLowerCase()}-twin@example.com`, login: twin })).rejects.toMatchObject({ code: '23505' });
    expect(await accountsReading(twin)).toBe(1);
  });

  it('were looked up by an index that let them by: it is dropped as the unique one is kept', async () => {
    const [retired] = RETIRED_INDEXES;
    await world!.db.raw(`CREATE INDEX "${retired}" ON "directus_users" (${LOGIN_LIKENESS_SQL})`);
    const answer = await world!.a.api.post<{ changed: string[] }>('/site/schema/indexes', {});
    expect(answer.changed).toEqual([`-${retired}`]);
    const indexes = (await world!.db('pg_indexes').where({ tablename: 'directus_users' }).pluck('indexname')) as string[];
    expect(indexes).not.toContain(retired);
    expect(indexes).toContain('users_login_likeness_unique');
  });
});
