/** What a visitor without an account may read and do. */
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, baseUrl, call, newTitle, newUser, pngBytes, upload, type TestUser } from '../support/api.ts';
import { countRows, expectNothingStored, expectRefused, shopItem } from '../support/fixtures.ts';
import { MAX_READ_ROWS } from '../../shared/rules.ts';

const PUBLIC_PROFILE = [
  'id', 'login', 'first_name', 'last_name', 'avatar', 'frame', 'nameColor', 'background', 'dob', 'gender', 'aboutMe',
].sort();

let published: { id: number; slug: string };
let draft: { id: number; slug: string };
let person: TestUser;
let ids: Record<string, number>;
let commentId: number;
let postId: number;

beforeAll(async () => {
  const a = await admin();
  published = await newTitle({ description: 'Опубликованный тайтл' });
  draft = await newTitle({ status: 'draft' });
  const category = await a.post('/items/categories', { name: 'Гостевая категория', slug: `guest-cat-${Date.now()}` });
  const genre = await a.post('/items/genres', { name: `Жанр-${Date.now()}` });
  const country = await a.post('/items/countries', { name: `Страна-${Date.now()}` });
  const tag = await a.post('/items/tags', { name: 'Гостевой тег', slug: `guest-tag-${Date.now()}` });
  const actor = await a.post('/items/actors', { slug: `guest-actor-${Date.now()}`, nameRu: 'Гостевой Актёр' });
  const banner = await a.post('/items/mainBanners', { title: 'Баннер для гостей', priority: 1 });
  const update = await a.post('/items/updates', { title: published.id, description: 'Вышла новая серия' });
  const shop = await shopItem('nameColor', { nameColor: '#ff0000' });
  const hiddenShop = await shopItem('nameColor', { status: 'draft' });
  const series = await a.post('/items/series', { title: draft.id, name: 'Серия черновика' });
  await a.patch('/items/static', { vk: 'https://vk.com/dorama', telegram: 'https://t.me/dorama' });
  ids = {
    category: category.id, genre: genre.id, country: country.id, tag: tag.id, actor: actor.id, banner: banner.id,
    update: update.id, shop: shop.id, hiddenShop: hiddenShop.id, draftSeries: series.id,
  };

  const frame = await shopItem('frame');
  const background = await shopItem('background');
  const avatar = await a.post<{ id: string }>('/files', upload(pngBytes(), 'image/png', 'avatar.png'));
  person = await newUser(undefined, {
    dob: '1995-04-12', gender: 'Женский', aboutMe: 'Люблю дорамы', avatar: avatar.id,
    nameColor: shop.id, frame: frame.id, background: background.id,
  });
  commentId = (await person.call('POST', '/items/comments', { text: 'Отличный сериал', title: published.id })).data.id;
  postId = (await person.call('POST', '/items/posts', { text: 'Моя первая запись' })).data.id;
});

describe('every answer', () => {
  it('is read only as the type it names: a read, a refusal, an unknown route, a page of the admin app', async () => {
    for (const path of [`/items/titles?fields=id&filter[id][_eq]=${published.id}`, '/items/titles?fields=email', '/no-such-route', '/admin/', '/server/ping']) {
      const res = await fetch(`${baseUrl()}${path}`);
      await res.arrayBuffer();
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('a visitor reads the published catalogue', () => {
  it('sees a published title', async () => {
    const res = await call('GET', `/items/titles/${published.id}?fields=id,slug,status`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ id: published.id, slug: published.slug, status: 'published' });
  });

  it('finds a published title by slug', async () => {
    const res = await call('GET', `/items/titles?filter[slug][_eq]=${published.slug}&fields=id`);
    expect(res.data).toEqual([{ id: published.id }]);
  });

  it('does not see a draft title by id', async () => {
    const res = await call('GET', `/items/titles/${draft.id}`);
    expectRefused(res, 403);
  });

  it('does not find a draft title in a list or by slug', async () => {
    const list = await call('GET', `/items/titles?filter[id][_in]=${published.id},${draft.id}&fields=id`);
    expect(list.data).toEqual([{ id: published.id }]);
    const bySlug = await call('GET', `/items/titles?filter[slug][_eq]=${draft.slug}`);
    expect(bySlug.data).toEqual([]);
  });

  it('does not see episodes of a draft title', async () => {
    expectRefused(await call('GET', `/items/series/${ids.draftSeries}`), 403);
  });

  it.each([
    ['categories', 'category', 'name', 'Гостевая категория'],
    ['tags', 'tag', 'name', 'Гостевой тег'],
    ['actors', 'actor', 'nameRu', 'Гостевой Актёр'],
    ['mainBanners', 'banner', 'title', 'Баннер для гостей'],
    ['updates', 'update', 'description', 'Вышла новая серия'],
  ])('reads %s', async (collection, key, field, value) => {
    const res = await call('GET', `/items/${collection}/${ids[key]}?fields=${field}`);
    expect(res.status).toBe(200);
    expect(res.data[field]).toBe(value);
  });

  it('reads genres and countries', async () => {
    const genre = await call('GET', `/items/genres/${ids.genre}?fields=id,name`);
    const country = await call('GET', `/items/countries/${ids.country}?fields=id,name`);
    expect(genre.data.id).toBe(ids.genre);
    expect(genre.data.name).toMatch(/^Жанр-/);
    expect(country.data.id).toBe(ids.country);
    expect(country.data.name).toMatch(/^Страна-/);
  });

  it('reads an update together with its published title', async () => {
    const res = await call('GET', `/items/updates/${ids.update}?fields=description,title.id,title.slug`);
    expect(res.data).toEqual({ description: 'Вышла новая серия', title: { id: published.id, slug: published.slug } });
  });

  it('does not see updates of a draft title', async () => {
    const a = await admin();
    const hidden = await a.post<{ id: number }>('/items/updates', { title: draft.id, description: 'Скоро' });
    expectRefused(await call('GET', `/items/updates/${hidden.id}`), 403);
    const list = await call('GET', `/items/updates?filter[id][_eq]=${hidden.id}&fields=id`);
    expect(list.data).toEqual([]);
  });

  it('reads published shop items but not drafts', async () => {
    const res = await call('GET', `/items/shop?filter[id][_in]=${ids.shop},${ids.hiddenShop}&fields=id,nameColor`);
    expect(res.data).toEqual([{ id: ids.shop, nameColor: '#ff0000' }]);
  });

  it('reads the static settings', async () => {
    const res = await call('GET', '/items/static?fields=vk,telegram');
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ vk: 'https://vk.com/dorama', telegram: 'https://t.me/dorama' });
  });

  it('reads reviews with their author', async () => {
    const res = await call('GET', `/items/comments?filter[title][_eq]=${published.id}&fields=id,text,user_created.login`);
    expect(res.data).toEqual([{ id: commentId, text: 'Отличный сериал', user_created: { login: person.login } }]);
  });

  it('reads posts', async () => {
    const res = await call('GET', `/items/posts/${postId}?fields=id,text,user_created`);
    expect(res.data).toEqual({ id: postId, text: 'Моя первая запись', user_created: person.id });
  });
});

describe('a visitor sees public profiles only', () => {
  it('gets exactly the public fields with fields=*', async () => {
    const res = await call('GET', `/users/${person.id}?fields=*`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.data).sort()).toEqual(PUBLIC_PROFILE);
  });

  it('gets the stored values of the public fields', async () => {
    const res = await call('GET', `/users/${person.id}?fields=login,first_name,last_name,dob,gender,aboutMe`);
    expect(res.data).toEqual({
      login: person.login, first_name: 'Тест', last_name: 'Пользователь', dob: '1995-04-12', gender: 'Женский', aboutMe: 'Люблю дорамы',
    });
  });

  it('gets avatar, frame, name colour and background with their relations', async () => {
    const res = await call('GET', `/users/${person.id}?fields=avatar,nameColor.nameColor,frame.id,background.id`);
    expect(res.status).toBe(200);
    expect(typeof res.data.avatar).toBe('string');
    expect(res.data.nameColor).toEqual({ nameColor: '#ff0000' });
    expect(res.data.frame.id).toEqual(expect.any(Number));
    expect(res.data.background.id).toEqual(expect.any(Number));
  });

  it('never gets email, password, role or token in a list with fields=*', async () => {
    const res = await call('GET', `/users?fields=*&limit=${MAX_READ_ROWS}`);
    expect(res.status).toBe(200);
    expect(res.data.map((row: { id: string }) => row.id)).toContain(person.id);
    for (const row of res.data) {
      for (const secret of ['email', 'password', 'role', 'token', 'plan', 'paidUntil', 'tfa_secret']) expect(row).not.toHaveProperty(secret);
    }
    expect(JSON.stringify(res.data)).not.toContain(person.email);
  });

  it.each(['email', 'password', 'role', 'token', 'plan', 'paidUntil'])('is refused %s when asking for it', async (field) => {
    const res = await call('GET', `/users/${person.id}?fields=id,${field}`);
    expectRefused(res, 403);
    expect(JSON.stringify(res)).not.toContain(person.email);
  });

  it('cannot find a user by email', async () => {
    const res = await call('GET', `/users?filter[email][_eq]=${encodeURIComponent(person.email)}&fields=id`);
    expectRefused(res, 403);
  });

  it('cannot reach an email through a review author', async () => {
    const res = await call('GET', `/items/comments/${commentId}?fields=user_created.email`);
    expectRefused(res, 403);
  });

  it('has no own profile', async () => {
    const res = await call('GET', '/users/me');
    expectRefused(res, [401, 403]);
  });
});

describe('a visitor writes support requests only', () => {
  it('creates a support request', async () => {
    const before = await countRows('supportRequests');
    const res = await call('POST', '/items/supportRequests', {
      body: { name: 'Анна', email: 'anna@example.com', topic: 'Вопрос', message: 'Не грузится серия' },
    });
    // Stored, but a visitor may not read it back, so Directus answers 204 No Content.
    expect(res.status).toBe(204);
    expect(res.data).toBeUndefined();
    expect(await countRows('supportRequests')).toBe(before + 1);
    const stored = await (await admin()).get(`/items/supportRequests?sort=-id&limit=1&fields=name,email,topic,message`);
    expect(stored).toEqual([{ name: 'Анна', email: 'anna@example.com', topic: 'Вопрос', message: 'Не грузится серия' }]);
  });

  it('cannot read support requests', async () => {
    const list = await call('GET', '/items/supportRequests');
    expect(list.status === 403 || (list.status === 200 && list.data.length === 0)).toBe(true);
    const stored = await (await admin()).get<{ id: number }[]>('/items/supportRequests?limit=1&fields=id');
    expectRefused(await call('GET', `/items/supportRequests/${stored[0].id}`), 403);
  });

  it('is refused a support request with a bad email or no message', async () => {
    const badEmail = await expectNothingStored('supportRequests', {}, () =>
      call('POST', '/items/supportRequests', { body: { name: 'Анна', email: 'not-an-email', message: 'Привет' } }));
    expectRefused(badEmail, 400, 'Укажите корректный email');
    const noMessage = await expectNothingStored('supportRequests', {}, () =>
      call('POST', '/items/supportRequests', { body: { name: 'Анна', email: 'anna@example.com', message: '   ' } }));
    expectRefused(noMessage, 400, 'Напишите сообщение');
  });

  it.each(['ratings', 'favorites', 'favoriteActors', 'messages', 'chats', 'invoices', 'chats_directus_users', 'messages_files'])(
    'cannot read %s',
    async (collection) => {
      expectRefused(await call('GET', `/items/${collection}`), 403);
    },
  );

  it.each([
    ['comments', () => ({ text: 'Гость пишет', title: published.id })],
    ['ratings', () => ({ rating: 5, title: published.id })],
    ['favorites', () => ({ type: 'Избранное', title: published.id })],
    ['favoriteActors', () => ({ actor: ids.actor })],
    ['reactions', () => ({ type: 'like', comment: commentId })],
    ['posts', () => ({ text: 'Гостевая запись' })],
    ['messages', () => ({ text: 'Привет всем', publicChat: true })],
    ['chats', () => ({ user_invited: [{ directus_users_id: person.id }] })],
  ])('cannot create %s', async (collection, body) => {
    const res = await expectNothingStored(collection, {}, () => call('POST', `/items/${collection}`, { body: body() }));
    expectRefused(res, 403);
  });

  // Whatever the body: a visitor learns nothing of the rules a member's write is held to.
  it.each([
    ['comments', () => ({ text: '   ', title: published.id })],
    ['ratings', () => ({ rating: 'пять', title: published.id })],
    ['favorites', () => ({ type: 'Чужое', title: published.id })],
    ['favorites', () => ({ type: 'Избранное', title: 987654321 })],
    ['favoriteActors', () => ({ actor: null })],
    ['reactions', () => ({ type: 'smile', comment: commentId })],
    ['posts', () => ({ text: '' })],
    ['messages', () => ({ text: '', publicChat: true })],
  ])('cannot create %s, refused as forbidden before its body is judged', async (collection, body) => {
    const res = await expectNothingStored(collection, {}, () => call('POST', `/items/${collection}`, { body: body() }));
    expectRefused(res, 403);
  });

  it('cannot change a member\'s row, refused as forbidden before its body is judged', async () => {
    const mark = (await person.call<{ id: number }>('POST', '/items/favorites', { type: 'Смотрю', title: published.id })).data.id;
    const rating = (await person.call<{ id: number }>('POST', '/items/ratings', { rating: 4, title: published.id })).data.id;
    expectRefused(await call('PATCH', `/items/favorites/${mark}`, { body: { type: 'Чужое' } }), 403);
    expectRefused(await call('PATCH', `/items/ratings/${rating}`, { body: { rating: 'пять' } }), 403);
    expectRefused(await call('PATCH', `/items/comments/${commentId}`, { body: { text: '   ' } }), 403);
    expect((await person.call('GET', `/items/favorites/${mark}?fields=type`)).data).toEqual({ type: 'Смотрю' });
    expect((await person.call('GET', `/items/ratings/${rating}?fields=rating`)).data).toEqual({ rating: 4 });
  });

  it('cannot upload a file', async () => {
    const res = await expectNothingStored('directus_files', {}, () =>
      call('POST', '/files', { body: upload(pngBytes(), 'image/png', 'guest.png') }));
    expectRefused(res, 403);
  });

  it('cannot change or delete catalogue and community rows', async () => {
    expectRefused(await call('PATCH', `/items/titles/${published.id}`, { body: { name: 'Взлом' } }), 403);
    expectRefused(await call('DELETE', `/items/comments/${commentId}`), 403);
    expectRefused(await call('PATCH', `/users/${person.id}`, { body: { aboutMe: 'Взлом' } }), 403);
    const title = await call('GET', `/items/titles/${published.id}?fields=name`);
    expect(title.data.name).not.toBe('Взлом');
    expect(await countRows('comments', { id: { _eq: commentId } })).toBe(1);
  });

  it('cannot raise a title\'s view count by writing it', async () => {
    expectRefused(await call('PATCH', `/items/titles/${published.id}`, { body: { views: 1_000_000 } }), 403);
    const res = await call('GET', `/items/titles/${published.id}?fields=views`);
    expect(res.data.views).toBe(0);
  });
});
