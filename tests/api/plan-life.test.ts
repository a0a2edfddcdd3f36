/**
 * A plan's life after the payment: the scheduled check ends it when its period is over (role
 * back to User), reminds 7, 3 and 1 days before and at the end (a notice on the site and a
 * letter, once each), decorations stop showing to others while staying chosen and come back with
 * a renewal, editors grant and revoke by hand with a kept reason, and episodes kept for
 * subscribers are shown to everyone as locked, while a rights holder's takedown hides them from all.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ROLES } from '../../shared/rules.ts';
import { DAY_MS, dayOf } from '../../shared/subscription.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { admin, baseUrl, call, gifBytes, newTitle, newUser, pngBytes, signedIn, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectRefused, shopItem, uploadAs } from '../support/fixtures.ts';
import { mailTo } from '../support/mail.ts';
import { Realtime, closeAllRealtime } from '../support/realtime.ts';

const planOf = (who: { id: string }) => adminRead<{ role: string; plan: number | null; paidUntil: string | null }>('directus_users', who.id, 'role,plan,paidUntil');
const setPlan = async (who: { id: string }, plan: number, paidUntil: number) =>
  (await admin()).patch(`/users/${who.id}`, { role: plan === 1 ? ROLES.premium : ROLES.premiumPlus, plan, paidUntil: new Date(paidUntil).toISOString() });
const notices = (who: TestUser) => who.call<{ kind: string; daysLeft: number | null; read: boolean }[]>('GET', '/items/planNotices?fields=kind,daysLeft,read&sort=id');

async function until<T>(what: string, check: () => Promise<T | null | false>): Promise<T> {
  return vi.waitFor(async () => {
    const value = await check();
    if (!value) throw new Error(`still waiting: ${what}`);
    return value;
  }, { timeout: 20_000, interval: 250 });
}

describe('the end of a period', () => {
  let person: TestUser;
  let colour: number;
  let frame: number;

  beforeAll(async () => {
    person = await newUser(ROLES.premiumPlus);
    colour = (await shopItem('nameColor', { nameColor: '#e91e63' })).id;
    frame = (await shopItem('frame')).id;
    await setPlan(person, 2, Date.now() + 30 * DAY_MS);
    expect((await person.call('PATCH', '/users/me', { nameColor: colour, frame })).status).toBe(200);
  });

  // As the site reads people: in lists (a profile by login, authors of reviews and messages).
  const seenByOthers = async () => (await call('GET', `/users?filter[id][_eq]=${person.id}&fields=login,nameColor,frame`)).data[0];

  it('shows the decorations to everyone while the plan lasts', async () => {
    expect(await seenByOthers()).toEqual({ login: person.login, nameColor: colour, frame });
    const watcher = await newUser();
    expect((await watcher.call('GET', `/users?filter[id][_eq]=${person.id}&fields=nameColor,frame`)).data).toEqual([{ nameColor: colour, frame }]);
  });

  it('ends the plan once its day has passed, records it, tells the person on the site and by mail', async () => {
    await setPlan(person, 2, Date.now() - 1000);
    const ended = await until('the plan ended', async () => {
      const p = await planOf(person);
      return p.role === ROLES.user ? p : null;
    });
    expect(ended.plan).toBeNull();
    expect(await countRows('planChanges', { user: { _eq: person.id }, kind: { _eq: 'expiry' } })).toBe(1);
    // The token issued under Премиум+ names that role: it is refused as expired, and the next one is a User's.
    expectRefused(await person.call('GET', '/users/me?fields=id'), 401, 'Token expired');
    person = await signedIn(person);
    const seen = await until('the notice', async () => ((await notices(person)).data.length ? (await notices(person)).data : null));
    expect(seen).toEqual([{ kind: 'ended', daysLeft: null, read: false }]);
    const mail = await mailTo(inject('mailOutbox'), person.email);
    expect(mail.subject).toBe('Подписка «Премиум+» закончилась');
    expect(mail.text).toContain('вернутся, как только вы продлите подписку');
  });

  it('refuses a decoration put on after the end, which no later check would take off', async () => {
    expectRefused(await person.call('PATCH', '/users/me', { nameColor: colour }), 400, 'Цвет ника доступен с подпиской');
    expectRefused(await person.call('PATCH', '/users/me', { frame }), 400, 'Рамка доступна с подпиской Премиум+');
    // A refused choice is no choice: the kept decorations stay for a renewal.
    expect((await adminRead<{ keptDecorations: unknown }>('directus_users', person.id, 'keptDecorations')).keptDecorations).toEqual({ nameColor: colour, frame });
  });

  it('takes the decorations off for everyone but keeps them chosen, and a renewal puts them back', async () => {
    expect(await seenByOthers()).toEqual({ login: person.login, nameColor: null, frame: null });
    const own = await person.call('GET', '/users/me?fields=nameColor,frame,role,keptDecorations');
    expect(own.data).toEqual({ nameColor: null, frame: null, role: ROLES.user, keptDecorations: { nameColor: colour, frame } });
    // Nor through a relation: their chat message names them with the colour hidden.
    const watcher = await newUser();
    const message = await person.call('POST', '/items/messages', { text: 'Снова здесь', publicChat: true });
    const read = await watcher.call('GET', `/items/messages?filter[id][_eq]=${message.data.id}&fields=user_created.login,user_created.nameColor,user_created.frame`);
    expect(read.data[0].user_created).toEqual({ login: person.login, nameColor: null, frame: null });
    await (await admin()).post('/items/planChanges', { user: person.id, kind: 'grant', plan: 1, days: 30, reason: 'Продление по обращению' });
    // Plan 1 allows the colour, not the frame: that stays kept for Премиум+.
    expect(await seenByOthers()).toEqual({ login: person.login, nameColor: colour, frame: null });
    expect((await person.call('GET', '/users/me?fields=keptDecorations')).data.keptDecorations).toEqual({ frame });
    await (await admin()).post('/items/planChanges', { user: person.id, kind: 'grant', plan: 2, days: 30, reason: 'Переход на Премиум+' });
    expect(await seenByOthers()).toEqual({ login: person.login, nameColor: colour, frame });
    expect((await person.call('GET', '/users/me?fields=keptDecorations')).data.keptDecorations).toBeNull();
  });

  it('forgets a kept decoration the person takes off themselves', async () => {
    const other = await newUser(ROLES.premium);
    await setPlan(other, 1, Date.now() + 30 * DAY_MS);
    expect((await other.call('PATCH', '/users/me', { nameColor: colour })).status).toBe(200);
    await (await admin()).post('/items/planChanges', { user: other.id, kind: 'revoke', reason: 'Проверка' });
    const signedInAgain = await signedIn(other);
    expect((await signedInAgain.call('GET', '/users/me?fields=nameColor,keptDecorations')).data).toEqual({ nameColor: null, keptDecorations: { nameColor: colour } });
    expect((await signedInAgain.call('PATCH', '/users/me', { nameColor: null })).status).toBe(200);
    await vi.waitFor(async () => expect((await signedInAgain.call('GET', '/users/me?fields=keptDecorations')).data.keptDecorations).toBeNull());
    await (await admin()).post('/items/planChanges', { user: other.id, kind: 'grant', plan: 1, days: 30, reason: 'Проверка' });
    expect((await signedInAgain.call('GET', '/users/me?fields=nameColor')).data.nameColor).toBeNull();
  });
});

describe('a role changed outside a plan\'s own steps', () => {
  it('takes off what the new role does not allow and keeps it, as a plan\'s end does', async () => {
    const person = await newUser(ROLES.premiumPlus);
    const colour = (await shopItem('nameColor', { nameColor: '#3f51b5' })).id;
    const frame = (await shopItem('frame')).id;
    await setPlan(person, 2, Date.now() + 30 * DAY_MS);
    expect((await person.call('PATCH', '/users/me', { nameColor: colour, frame })).status).toBe(200);
    await (await admin()).patch(`/users/${person.id}`, { role: ROLES.premium });
    const worn = await until('the frame taken off', async () => {
      const row = await adminRead<{ nameColor: number | null; frame: number | null; keptDecorations: unknown }>('directus_users', person.id, 'nameColor,frame,keptDecorations');
      return row.frame === null && row;
    });
    expect(worn).toEqual({ nameColor: colour, frame: null, keptDecorations: { frame } });
  });
});

/** A WebP of two frames: it moves, though its type does not say so as a GIF's does. */
async function movingWebp(): Promise<Uint8Array<ArrayBuffer>> {
  const frame = (background: string) => sharp({ create: { width: 8, height: 8, channels: 3, background } }).png().toBuffer();
  return Uint8Array.from(await sharp([await frame('#a33'), await frame('#33a')], { join: { animated: true } }).webp({ loop: 0, delay: [300, 300] }).toBuffer());
}

describe('a moving avatar', () => {
  // Directus serves a GIF as it is, even by the avatar's preset: it would go on moving on the site.
  const avatarOf = async (who: TestUser) => (await call('GET', `/users?filter[id][_eq]=${who.id}&fields=avatar`)).data[0].avatar;

  it.each([['GIF', 'image/gif'], ['WebP', 'image/webp']] as const)('of %s comes off for everyone when the plan ends, and back with a renewal', async (_name, type) => {
    const person = await newUser(ROLES.premium);
    await setPlan(person, 1, Date.now() + 30 * DAY_MS);
    const bytes = type === 'image/gif' ? gifBytes() : await movingWebp();
    const moving = (await uploadAs(person, bytes, type, `moving.${type.slice(6)}`)).data;
    expect((await person.call('PATCH', '/users/me', { avatar: moving.id })).status).toBe(200);
    await (await admin()).post('/items/planChanges', { user: person.id, kind: 'revoke', reason: 'Проверка' });
    expect(await avatarOf(person)).toBeNull();
    await (await admin()).post('/items/planChanges', { user: person.id, kind: 'grant', plan: 1, days: 30, reason: 'Проверка' });
    expect(await avatarOf(person)).toBe(moving.id);
  });

  it('leaves a still avatar on, and one chosen since the end in place', async () => {
    const person = await newUser(ROLES.premium);
    await setPlan(person, 1, Date.now() + 30 * DAY_MS);
    const [gif, still] = [(await uploadAs(person, gifBytes(), 'image/gif', 'moving.gif')).data, (await uploadAs(person, pngBytes(), 'image/png', 'still.png')).data];
    expect((await person.call('PATCH', '/users/me', { avatar: gif.id })).status).toBe(200);
    await (await admin()).post('/items/planChanges', { user: person.id, kind: 'revoke', reason: 'Проверка' });
    // The Премиум token is refused since the end; the person signs in again.
    expect((await (await signedIn(person)).call('PATCH', '/users/me', { avatar: still.id })).status).toBe(200);
    await vi.waitFor(async () => expect((await adminRead<{ keptDecorations: unknown }>('directus_users', person.id, 'keptDecorations')).keptDecorations).toBeNull());
    await (await admin()).post('/items/planChanges', { user: person.id, kind: 'grant', plan: 1, days: 30, reason: 'Проверка' });
    expect(await avatarOf(person)).toBe(still.id);
  });
});

describe('a plan just paid', () => {
  it('allows its decorations at once, with a token issued before the payment', async () => {
    const person = await newUser();
    const colour = (await shopItem('nameColor', { nameColor: '#3f51b5' })).id;
    expectRefused(await person.call('PATCH', '/users/me', { nameColor: colour }), 400, 'Цвет ника доступен с подпиской');
    await setPlan(person, 1, Date.now() + 30 * DAY_MS);
    expect((await person.call('PATCH', '/users/me', { nameColor: colour })).status).toBe(200);
    expect((await adminRead<{ nameColor: number }>('directus_users', person.id, 'nameColor')).nameColor).toBe(colour);
  });
});

describe('reminders', () => {
  it('come once at 3 days left, by mail too', async () => {
    const person = await newUser(ROLES.premium);
    const paidUntil = Date.now() + 2.5 * DAY_MS;
    await setPlan(person, 1, paidUntil);
    const seen = await until('the reminder', async () => ((await notices(person)).data.length ? (await notices(person)).data : null));
    expect(seen).toEqual([{ kind: 'ending', daysLeft: 3, read: false }]);
    const mail = await mailTo(inject('mailOutbox'), person.email);
    // The reminder of 3 days, counted in whole days beside the end day, as the site counts them.
    expect(mail.subject).toBe(`Подписка «Премиум» закончится ${dayOf(new Date(paidUntil), 'Europe/Moscow')}: осталось 2 дн.`);
    // A later check (proved by another person's reminder) does not repeat it.
    const later = await newUser(ROLES.premium);
    await setPlan(later, 1, Date.now() + 0.5 * DAY_MS);
    await until('the next reminder', async () => ((await notices(later)).data.length ? true : null));
    expect((await notices(person)).data).toHaveLength(1);
    expect((await notices(later)).data).toEqual([{ kind: 'ending', daysLeft: 1, read: false }]);
  });

  it('are read by their person alone, who may only mark them read', async () => {
    const [person, stranger] = await Promise.all([newUser(ROLES.premium), newUser()]);
    await setPlan(person, 1, Date.now() + 6 * DAY_MS);
    const [notice] = await until('the reminder', async () => {
      const rows = (await person.call<{ id: number }[]>('GET', '/items/planNotices?fields=id')).data;
      return rows.length ? rows : null;
    });
    expect((await stranger.call('GET', `/items/planNotices?filter[id][_eq]=${notice.id}`)).data).toEqual([]);
    expectRefused(await stranger.call('PATCH', `/items/planNotices/${notice.id}`, { read: true }), 403);
    expectRefused(await person.call('PATCH', `/items/planNotices/${notice.id}`, { daysLeft: 30 }), 403);
    expect((await person.call('PATCH', `/items/planNotices/${notice.id}`, { read: true })).status).toBe(200);
    expectRefused(await person.call('POST', '/items/planNotices', { user: person.id, kind: 'ended', paidUntil: new Date().toISOString(), noticeKey: 'x' }), 403);
  });
});

describe('editors grant and revoke by hand, with a kept reason', () => {
  let editor: TestUser;
  let person: TestUser;
  beforeAll(async () => {
    [editor, person] = await Promise.all([newUser(EDITOR_ROLE), newUser()]);
  });

  it('grant a plan for some days, recorded with the before and after', async () => {
    const res = await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'grant', plan: 2, days: 14, reason: 'Возврат за сбой оплаты' });
    expect(res.status).toBe(200);
    const p = await planOf(person);
    expect(p).toMatchObject({ role: ROLES.premiumPlus, plan: 2 });
    expect(Math.abs(new Date(p.paidUntil!).getTime() - (Date.now() + 14 * DAY_MS))).toBeLessThan(60_000);
    const row = await adminRead('planChanges', res.data.id, 'kind,reason,planBefore,planAfter,user_created');
    expect(row).toEqual({ kind: 'grant', reason: 'Возврат за сбой оплаты', planBefore: null, planAfter: 2, user_created: editor.id });
  });

  it('refuse a change without a reason, of the backend\'s own kinds, or of nobody, changing nothing', async () => {
    const before = await planOf(person);
    expectRefused(await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'grant', plan: 1, days: 30, reason: '   ' }), 400, 'Укажите причину');
    expectRefused(await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'payment', plan: 1, days: 30, reason: 'x' }), 400);
    expectRefused(await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'grant', plan: 1, days: 0, reason: 'x' }), 400);
    expectRefused(await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'grant', plan: 9, days: 3, reason: 'x' }), 400);
    expectRefused(await editor.call('POST', '/items/planChanges', { user: '00000000-0000-4000-8000-000000000000', kind: 'revoke', reason: 'x' }), 400);
    expect(await planOf(person)).toEqual(before);
  });

  it('revoke it at once, and the record can be neither changed nor deleted', async () => {
    const res = await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'revoke', reason: 'Жалоба правообладателя на аккаунт' });
    expect(res.status).toBe(200);
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
    expectRefused(await editor.call('PATCH', `/items/planChanges/${res.data.id}`, { reason: 'иначе' }), 403);
    expectRefused(await editor.call('DELETE', `/items/planChanges/${res.data.id}`), 403);
  });

  it('see invoices and plan changes, and cannot write invoices', async () => {
    expect((await editor.call('GET', '/items/invoices?limit=1')).status).toBe(200);
    expect((await editor.call('GET', `/items/planChanges?filter[user][_eq]=${person.id}`)).data.length).toBe(2);
    expectRefused(await editor.call('POST', '/items/invoices', { user: person.id, plan: 1, amount: 1, currency: 'RUB', gateway: 'x', orderId: 'x' }), 403);
  });
});

describe('a token of a plan that ended', () => {
  afterAll(closeAllRealtime);

  /** A sign-in of Directus's session mode: its token lives as long as the session cookie, a day. */
  const sessionToken = async (person: TestUser) => {
    const res = await fetch(`${baseUrl()}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: person.email, password: person.password, mode: 'session' }) });
    expect(res.status).toBe(200);
    return res.headers.getSetCookie().find((c) => c.startsWith('directus_session_token='))!.split(';')[0]!.split('=')[1]!;
  };

  it('is refused as expired by REST, GraphQL and a socket signing in; a socket open before reads on as a visitor; a new sign-in is a User\'s', async () => {
    const [editor, person] = await Promise.all([newUser(EDITOR_ROLE), newUser()]);
    const title = await newTitle({ typeSource: 'Без сезонов' });
    const kept = (await (await admin()).post<{ id: number }>('/items/series', { title: title.id, name: '1 серия', iframe: 'https://player.example/k', deleted: true })).id;
    expect((await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'grant', plan: 1, days: 1, reason: 'Проверка' })).status).toBe(200);
    const paid = await signedIn(person);
    const daily = await sessionToken(person);
    const socket = await Realtime.open(baseUrl(), paid.token, 'paid');
    const keptRead = (uid: string) => ({ type: 'items', action: 'read', collection: 'series', uid, query: { filter: { id: { _eq: kept } }, fields: ['id'] } });
    socket.send(keptRead('while-paid'));
    expect((await socket.waitFor((f) => f.uid === 'while-paid', 'the read while paid')).data).toEqual([{ id: kept }]);

    expect((await editor.call('POST', '/items/planChanges', { user: person.id, kind: 'revoke', reason: 'Возврат платежа' })).status).toBe(200);
    for (const token of [paid.token, daily]) {
      expectRefused(await call('GET', `/items/series/${kept}?fields=id`, { token }), 401, 'Token expired');
      expect((await call('POST', '/graphql', { token, body: { query: `{ series_by_id(id: ${kept}) { id } }` } })).status).toBe(401);
    }
    await expect(Realtime.open(baseUrl(), paid.token, 'stale')).rejects.toThrow(/auth refused/);
    socket.send(keptRead('after'));
    await socket.waitFor((f) => f.type === 'auth' && f.error?.code === 'TOKEN_EXPIRED', 'the socket told its token expired');
    const after = await socket.waitFor((f) => f.uid === 'after', 'the read after the end');
    expect(after.data ?? []).toEqual([]);

    const again = await signedIn(person);
    expect((await again.call('GET', '/users/me?fields=role')).data).toEqual({ role: ROLES.user });
    expect((await again.call('GET', `/items/series?filter[id][_eq]=${kept}&fields=id`)).data).toEqual([]);
  });
});

describe('episodes kept for subscribers and taken down for a rights holder', () => {
  let title: { id: number };
  const ids = { live: 0, kept: 0, takenDown: 0 };
  let premium: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    const a = await admin();
    title = await newTitle({ typeSource: 'Без сезонов' });
    ids.live = (await a.post('/items/series', { title: title.id, name: '1 серия', iframe: 'https://player.example/1' })).id;
    ids.kept = (await a.post('/items/series', { title: title.id, name: '2 серия', iframe: 'https://player.example/2', deleted: true })).id;
    ids.takenDown = (await a.post('/items/series', { title: title.id, name: '3 серия', iframe: 'https://player.example/3', deleted: true, takenDown: true })).id;
    [premium, user] = await Promise.all([newUser(ROLES.premium), newUser()]);
  });

  const episodes = async (token?: string) =>
    (await call('GET', `/items/series?filter[title][_eq]=${title.id}&sort=id&fields=id,name,deleted,iframe`, { token })).data;
  const live = { id: 0, name: '1 серия', deleted: false, iframe: 'https://player.example/1' };

  it('a kept episode is read whole by subscribers, and by nobody else', async () => {
    live.id = ids.live;
    expect(await episodes()).toEqual([live]);
    expect(await episodes(user.token)).toEqual([live]);
    expect(await episodes(premium.token)).toEqual([live, { id: ids.kept, name: '2 серия', deleted: true, iframe: 'https://player.example/2' }]);
  });

  it('everyone learns a kept episode\'s name and place, never its source', async () => {
    const res = await call('GET', `/payment/kept-episodes?titles=${title.id},${title.id + 100000}`);
    expect(res.data).toEqual([{ id: ids.kept, title: title.id, name: '2 серия', sort: null, season: null }]);
    for (const bad of ['', 'abc', '1;2', '-1', Array.from({ length: 1001 }, (_, i) => i + 1).join(',')]) {
      expectRefused(await call('GET', `/payment/kept-episodes?titles=${bad}`), 400);
    }
  });

  it('a taken-down episode is seen by nobody, subscribers included, by id or through its title', async () => {
    for (const token of [undefined, user.token, premium.token]) {
      expectRefused(await call('GET', `/items/series/${ids.takenDown}`, { token }), 403);
      const through = await call('GET', `/items/titles/${title.id}?fields=series.id`, { token });
      expect(through.data.series.map((s: { id: number }) => s.id)).not.toContain(ids.takenDown);
    }
  });

  it('nobody without a plan reaches a kept episode through a filter or its title', async () => {
    for (const token of [undefined, user.token]) {
      expect((await call('GET', `/items/series?filter[iframe][_contains]=example/2&fields=id`, { token })).data).toEqual([]);
      const through = await call('GET', `/items/titles/${title.id}?fields=series.id,series.iframe`, { token });
      expect(through.data.series).toEqual([{ id: ids.live, iframe: 'https://player.example/1' }]);
    }
  });
});
