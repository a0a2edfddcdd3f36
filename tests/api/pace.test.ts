/**
 * Pace: what a person writes for everyone to read (reviews, replies, posts, comments under posts,
 * edits shown live) and the yes/no answers an address gets about accounts are limited, with a 429
 * that says in Russian what to wait for and how long; the refused write stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACE } from '../../shared/rules.ts';
import { ADDRESS_ALLOWANCE } from '../support/global-setup.ts';
import { call, newTitle, newUser, type Reply, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';

let title: { id: number };
beforeAll(async () => {
  title = await newTitle();
});

const waitMessage = (what: string) => new RegExp(`^${what} Подождите \\d+ (с|мин)\\.$`);

function expectTooFast(res: Reply, what: string): void {
  expectRefused(res, 429);
  expect(res.errors?.[0]?.message).toMatch(waitMessage(what));
}

let addresses = 0;
const freshAddress = () => `10.23.${Math.floor(++addresses / 250)}.${addresses % 250}`;

describe('reviews, replies and comments under posts share one allowance a person', () => {
  it(`takes ${PACE.comment.count} in ${PACE.comment.seconds} s, then refuses the next of any kind`, async () => {
    const person = await newUser();
    const post = (await person.call('POST', '/items/posts', { text: 'Запись' })).data.id;
    const first = (await person.call('POST', '/items/comments', { text: 'Отзыв 1', title: title.id })).data.id;
    const writes = [
      () => person.call('POST', '/items/comments', { text: 'Ответ', comment: first }),
      () => person.call('POST', '/items/comments', { text: 'Под записью', post }),
    ];
    for (let i = 1; i < PACE.comment.count; i++) expect((await writes[i % 2]()).status).toBe(200);
    for (const write of [...writes, () => person.call('POST', '/items/comments', { text: 'Ещё отзыв', title: title.id })]) {
      const res = await expectNothingStored('comments', { user_created: { _eq: person.id } }, write);
      expectTooFast(res, 'Слишком много комментариев подряд.');
    }
  });

  it('is one person\'s: someone else still writes', async () => {
    const [busy, other] = await Promise.all([newUser(), newUser()]);
    for (let i = 0; i < PACE.comment.count; i++) await busy.call('POST', '/items/comments', { text: `Отзыв ${i}`, title: title.id });
    expectTooFast(await busy.call('POST', '/items/comments', { text: 'Ещё', title: title.id }), 'Слишком много комментариев подряд.');
    expect((await other.call('POST', '/items/comments', { text: 'Мой отзыв', title: title.id })).status).toBe(200);
  });
});

describe('likes and dislikes', () => {
  it(`take ${PACE.reaction.count} in ${PACE.reaction.seconds} s a person, then the next is refused and changes nothing`, async () => {
    const [author, person, other] = await Promise.all([newUser(), newUser(), newUser()]);
    const review = (await author.call('POST', '/items/comments', { text: 'Отзыв для реакций', title: title.id })).data.id;
    for (let i = 0; i < PACE.reaction.count; i++) {
      expect((await person.call('PUT', '/site/reactions', { comment: review, type: i % 2 ? null : 'like' })).status).toBe(200);
    }
    const stored = await countRows('reactions', { user_created: { _eq: person.id } });
    expectTooFast(await person.call('PUT', '/site/reactions', { comment: review, type: 'dislike' }), 'Слишком много реакций подряд.');
    expect(await countRows('reactions', { user_created: { _eq: person.id } })).toBe(stored);
    expect((await other.call('PUT', '/site/reactions', { comment: review, type: 'like' })).status).toBe(200);
  });

  it('share that allowance when written as items: set, changed and taken back, then refused by either way', async () => {
    const [author, person] = await Promise.all([newUser(), newUser()]);
    const review = (await author.call('POST', '/items/comments', { text: 'Отзыв для реакций', title: title.id })).data.id;
    let held: number | null = null;
    for (let i = 0; i < PACE.reaction.count; i++) {
      const step: 'set' | 'change' | 'take back' = held === null ? 'set' : i % 3 === 1 ? 'change' : 'take back';
      const res: Reply = step === 'set'
        ? await person.call('POST', '/items/reactions', { comment: review, type: 'like' })
        : step === 'change'
          ? await person.call('PATCH', `/items/reactions/${held}`, { type: 'dislike' })
          : await person.call('DELETE', `/items/reactions/${held}`);
      expect(res.status, `${step} ${i}`).toBeLessThan(300);
      if (step === 'set') held = res.data.id;
      if (step === 'take back') held = null;
    }
    const stored = () => countRows('reactions', { user_created: { _eq: person.id } });
    const before = await stored();
    const next = held === null
      ? () => person.call('POST', '/items/reactions', { comment: review, type: 'like' })
      : () => person.call('DELETE', `/items/reactions/${held}`);
    expectTooFast(await next(), 'Слишком много реакций подряд.');
    expectTooFast(await person.call('PUT', '/site/reactions', { comment: review, type: held === null ? 'like' : null }), 'Слишком много реакций подряд.');
    expect(await stored()).toBe(before);
  });

  it('count each reaction a change or a removal names, not each request', async () => {
    const [author, person] = await Promise.all([newUser(), newUser()]);
    const n = 5;
    const reviews = await Promise.all(Array.from({ length: n }, (_, i) => author.call('POST', '/items/comments', { text: `Отзыв ${i}`, title: title.id })));
    const keys: number[] = [];
    for (const r of reviews) keys.push((await person.call('POST', '/items/reactions', { comment: r.data.id, type: 'like' })).data.id);
    const batches = Math.floor((PACE.reaction.count - n) / n);
    for (let i = 0; i < batches; i++) {
      expect((await person.call('PATCH', '/items/reactions', { keys, data: { type: i % 2 ? 'like' : 'dislike' } })).status, `change ${i}`).toBe(200);
    }
    const types = async () => (await asAdmin('GET', `/items/reactions?filter[user_created][_eq]=${person.id}&fields=type`)).data.map((r: { type: string }) => r.type);
    const before = await types();
    expectTooFast(await person.call('PATCH', '/items/reactions', { keys, data: { type: before[0] === 'like' ? 'dislike' : 'like' } }), 'Слишком много реакций подряд.');
    expectTooFast(await person.call('DELETE', '/items/reactions', keys), 'Слишком много реакций подряд.');
    expect(await types()).toEqual(before);
  });
});

describe('profile posts', () => {
  it(`take ${PACE.post.count} in ${PACE.post.seconds} s a person`, async () => {
    const person = await newUser();
    for (let i = 0; i < PACE.post.count; i++) expect((await person.call('POST', '/items/posts', { text: `Запись ${i}` })).status).toBe(200);
    const res = await expectNothingStored('posts', { user_created: { _eq: person.id } }, () => person.call('POST', '/items/posts', { text: 'Лишняя' }));
    expectTooFast(res, 'Слишком много записей подряд.');
  });
});

describe('edits, which every reader sees live', () => {
  let person: TestUser;
  beforeAll(async () => {
    person = await newUser();
  });

  it(`of a public chat message: ${PACE.edit.count} in ${PACE.edit.seconds} s, and the message keeps its last allowed text`, async () => {
    const message = (await person.call('POST', '/items/messages', { text: 'Привет' })).data.id;
    for (let i = 1; i <= PACE.edit.count; i++) expect((await person.call('PATCH', `/items/messages/${message}`, { text: `Правка ${i}` })).status).toBe(200);
    expectTooFast(await person.call('PATCH', `/items/messages/${message}`, { text: 'Правка лишняя' }), 'Слишком много правок подряд.');
    expect((await adminRead('messages', message, 'text')).text).toBe(`Правка ${PACE.edit.count}`);
  });

  it('count every message a batch edit changes', async () => {
    const [many, some] = [await newUser(), await newUser()];
    const messagesOf = async (who: TestUser, n: number) => {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) ids.push((await who.call('POST', '/items/messages', { text: `Сообщение ${i}` })).data.id);
      return ids;
    };
    const over = await messagesOf(many, PACE.edit.count + 1);
    expectTooFast(await many.call('PATCH', '/items/messages', { keys: over, data: { text: 'Разом' } }), 'Слишком много правок подряд.');
    for (const [i, id] of over.entries()) expect((await adminRead('messages', id, 'text')).text).toBe(`Сообщение ${i}`);
    const allowed = await messagesOf(some, PACE.edit.count);
    expect((await some.call('PATCH', '/items/messages', { keys: allowed, data: { text: 'Разом' } })).status).toBe(200);
    expectTooFast(await some.call('PATCH', `/items/messages/${allowed[0]}`, { text: 'Ещё одна' }), 'Слишком много правок подряд.');
  });

  it('of a review share the allowance, and deleting is never held back', async () => {
    const review = (await person.call('POST', '/items/comments', { text: 'Отзыв', title: title.id })).data.id;
    expectTooFast(await person.call('PATCH', `/items/comments/${review}`, { text: 'Исправленный' }), 'Слишком много правок подряд.');
    expect((await adminRead('comments', review, 'text')).text).toBe('Отзыв');
    expect((await person.call('PATCH', `/items/comments/${review}`, { deleted: true })).status).toBe(200);
  });
});

describe('answers about accounts, per address', () => {
  it(`GET /site/availability answers ${ADDRESS_ALLOWANCE.availability} checks from one address, then asks it to wait`, async () => {
    const ip = freshAddress();
    const check = (i: number) => call('GET', `/site/availability?email=${encodeURIComponent(`probe-${i}@example.com`)}`, { ip });
    const answers = [];
    for (let i = 0; i < ADDRESS_ALLOWANCE.availability; i++) answers.push((await check(i)).status);
    expect(answers.every((s) => s === 200)).toBe(true);
    expectTooFast(await check(-1), 'Слишком много проверок подряд.');
    expect((await call('GET', '/site/availability?email=probe@example.com', { ip: freshAddress() })).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one address, and another /64 apart', async () => {
    const network = `2001:db8:${++addresses}:1`;
    const check = (i: number) => call('GET', `/site/availability?email=${encodeURIComponent(`probe6-${i}@example.com`)}`, { ip: `${network}::${(i + 1).toString(16)}` });
    for (let i = 0; i < ADDRESS_ALLOWANCE.availability; i++) expect((await check(i)).status).toBe(200);
    expectTooFast(await check(ADDRESS_ALLOWANCE.availability), 'Слишком много проверок подряд.');
    expect((await call('GET', '/site/availability?email=probe6@example.com', { ip: `2001:db8:${addresses}:2::1` })).status).toBe(200);
  });

  it('a registration from that address is one more such answer', async () => {
    const ip = freshAddress();
    for (let i = 0; i < ADDRESS_ALLOWANCE.availability; i++) await call('GET', `/site/availability?login=probe${i}`, { ip });
    const tag = randomUUID().slice(0, 8);
    const email = `pace-${tag}@example.com`;
    const res = await call('POST', '/site/register', {
      ip, body: { email, password: 'long-enough-password', login: `pace_${tag}`, first_name: 'Ли', last_name: 'Ким', dob: '1990-01-01', gender: 'Женский' },
    });
    expectTooFast(res, 'Слишком много проверок подряд.');
    expect(await countRows('directus_users', { email: { _eq: email } })).toBe(0);
  });

  it(`an email change, whose refusal says the address is taken: ${PACE.emailChange.count} an hour a person`, async () => {
    const person = await newUser();
    for (let i = 0; i < PACE.emailChange.count; i++) {
      expect((await person.call('PATCH', '/users/me', { email: `moved-${i}-${person.login}@example.com`, current_password: person.password })).status).toBe(200);
    }
    const res = await person.call('PATCH', '/users/me', { email: `moved-last-${person.login}@example.com`, current_password: person.password });
    expectRefused(res, 429, 'Слишком много попыток сменить email.');
    expect((await adminRead('directus_users', person.id, 'email')).email).toBe(`moved-${PACE.emailChange.count - 1}-${person.login}@example.com`);
    expect((await person.call('PATCH', '/users/me', { first_name: 'Другое' })).status).toBe(200);
  });

  it(`a password change: ${PACE.passwordChange.count} an hour a person, and the refused one sets nothing`, async () => {
    const person = await newUser();
    const password = (i: number | string) => `new-password-${i}-${person.login}`;
    // Each change is made with the password it replaces.
    const before = (i: number) => (i === 0 ? person.password : password(i - 1));
    for (let i = 0; i < PACE.passwordChange.count; i++) {
      expect((await person.call('PATCH', '/users/me', { password: password(i), current_password: before(i) })).status).toBe(200);
    }
    expectTooFast(await person.call('PATCH', '/users/me', { password: password('last'), current_password: before(PACE.passwordChange.count) }), 'Слишком много смен пароля подряд.');
    const signIn = (p: string) => call('POST', '/auth/login', { ip: freshAddress(), body: { email: person.email, password: p } });
    expect((await signIn(password('last'))).status).toBe(401);
    expect((await signIn(password(PACE.passwordChange.count - 1))).status).toBe(200);
    expect((await person.call('PATCH', '/users/me', { first_name: 'Другое' })).status).toBe(200);
  });
});

describe('password reset requests', () => {
  it(`take ${ADDRESS_ALLOWANCE.passwordRequest} from one address, then ask it to wait`, async () => {
    const ip = freshAddress();
    const ask = (i: number) => call('POST', '/auth/password/request', { ip, body: { email: `nobody-${i}-${randomUUID()}@example.com` } });
    const answers = await Promise.all(Array.from({ length: ADDRESS_ALLOWANCE.passwordRequest }, (_, i) => ask(i)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 204));
    expectTooFast(await ask(-1), 'Слишком много запросов на восстановление пароля.');
    expect((await call('POST', '/auth/password/request', { ip: freshAddress(), body: { email: 'nobody@example.com' } })).status).toBe(204);
  });
});

describe('support requests', () => {
  it(`take ${ADDRESS_ALLOWANCE.supportRequest} from one address, then ask it to wait`, async () => {
    const ip = freshAddress();
    const send = () => call('POST', '/items/supportRequests', { ip, body: { name: 'Анна', email: 'anna@example.com', message: 'Вопрос' } });
    for (let i = 0; i < ADDRESS_ALLOWANCE.supportRequest; i++) expect((await send()).status).toBe(204);
    const res = await expectNothingStored('supportRequests', {}, send);
    expectRefused(res, 429);
    expect(res.errors?.[0]?.message).toMatch(/^Слишком много обращений подряд. Подождите \d+ (с|мин)\.$/);
  });
});
