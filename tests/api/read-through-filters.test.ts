/**
 * Nobody but an administrator learns through a filter, sort, group, aggregate or nested filter
 * what they may not read: each attack below is refused, and the calls the screens make still answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { countedPerLinkedRow, notStored } from '../../directus/extensions/site-rules/src/query-check.ts';
import { GROUP_SHAPE } from '../../directus/extensions/site-rules/src/query-shape.ts';
import { ROLES } from '../../shared/rules.ts';
import { admin, call, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { asAdmin, expectRefused, uploadAs } from '../support/fixtures.ts';

const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
const SECRET = `тайное-слово-${Date.now().toString(36)}`;
const DRAFT_WORD = `черновое-слово-${Date.now().toString(36)}`;

let a: TestUser;
let b: TestUser;
let outsider: TestUser;
let editor: TestUser;
let chatId: number;
let published: { id: number };
let draft: { id: number };
let genre: { id: number; name: string };
let actor: { id: number };

beforeAll(async () => {
  const root = await admin();
  [a, b, outsider] = await Promise.all([newUser(ROLES.premium), newUser(), newUser()]);
  editor = await newUser(EDITOR_ROLE);
  genre = await root.post('/items/genres', { name: `Жанр фильтров ${Date.now()}` });
  actor = await root.post('/items/actors', { slug: `filters-actor-${Date.now()}`, nameRu: 'Актёр фильтров' });
  published = await newTitle({ genres: [{ genres_id: genre.id }], actors: [{ actors_id: actor.id }] });
  draft = await newTitle({ status: 'draft', name: `Черновик ${DRAFT_WORD}`, description: `Сюжет: ${DRAFT_WORD}`, genres: [{ genres_id: genre.id }], actors: [{ actors_id: actor.id }] });

  chatId = (await a.call('POST', '/items/chats', { user_invited: [{ directus_users_id: b.id }] })).data.id;
  await a.call('POST', '/items/messages', { text: `Пароль от сейфа: ${SECRET}`, privateChat: chatId });
  const avatar = await uploadAs(a, pngBytes(), 'image/png', 'a.png');
  await a.call('PATCH', '/users/me', { avatar: avatar.data.id });
  await a.call('POST', '/items/comments', { text: 'Отзыв автора', title: published.id });
  await a.call('POST', '/items/ratings', { rating: 5, title: published.id });
  await a.call('POST', '/items/favorites', { type: 'Смотрю', title: published.id });
  await a.call('POST', '/items/favoriteActors', { user: a.id, actor: actor.id });
});

describe('a signed-in outsider', () => {
  it('cannot find the author of a word in a private chat by following relations from /files', async () => {
    const follow = `filter[$FOLLOW(directus_users,avatar)][$FOLLOW(messages,user_created)][text][_contains]=${encodeURIComponent(SECRET)}`;
    const res = await outsider.call('GET', `/files?fields=id&${follow}`);
    expectRefused(res, 403, '$FOLLOW');
    expect(JSON.stringify(res.data ?? null)).not.toContain(a.id);
  });

  it('cannot reach private messages through $FOLLOW from any collection', async () => {
    for (const path of ['/items/titles', '/items/plans', '/users']) {
      const res = await outsider.call('GET', `${path}?fields=id&filter=${q({ '$FOLLOW(messages,user_created)': { text: { _contains: SECRET } } })}`);
      expectRefused(res, 403);
    }
  });

  it('cannot learn other people\'s emails, plans, ratings, marks or favourite actors through titles and users', async () => {
    const attacks = [
      `/items/titles?fields=id&filter=${q({ comments: { user_created: { email: { _eq: a.email } } } })}`,
      `/items/titles?fields=id&filter=${q({ comments: { _some: { user_created: { email: { _eq: a.email } } } } })}`,
      `/items/titles?fields=id&filter=${q({ '$FOLLOW(ratings,title)': { rating: { _eq: 5 } } })}`,
      `/items/titles?fields=id&filter=${q({ '$FOLLOW(favorites,title)': { user_created: { _eq: a.id } } })}`,
      `/items/plans?fields=id&filter=${q({ '$FOLLOW(directus_users,plan)': { email: { _eq: a.email } } })}`,
      `/users?fields=id&filter=${q({ favoriteActors: { actor: { _eq: actor.id } } })}`,
      `/users?fields=id&filter=${q({ favoriteActors: { _some: { actor: { _eq: actor.id } } } })}`,
      `/users?fields=id&filter=${q({ 'count(favoriteActors)': { _gt: 0 } })}`,
      `/users?fields=id&filter=${q({ role: { _eq: ROLES.premium } })}`,
    ];
    for (const attack of attacks) expectRefused(await outsider.call('GET', attack), 403);
  });

  it('cannot learn chat membership', async () => {
    expectRefused(await outsider.call('GET', `/users?fields=id&filter=${q({ '$FOLLOW(chats_directus_users,directus_users_id)': { chats_id: { _eq: chatId } } })}`), 403);
    expectRefused(await outsider.call('GET', `/items/chats?fields=id&filter=${q({ user_invited: { directus_users_id: { _eq: b.id } } })}`), 403);
    const some = await outsider.call('GET', `/items/chats?fields=id&filter=${q({ user_invited: { _some: { directus_users_id: { _eq: b.id } } } })}`);
    expect(some.status).toBe(200);
    expect(some.data).toEqual([]);
  });

  it('cannot sort, group or aggregate through other people\'s rows or private fields', async () => {
    const attacks = [
      '/items/comments?fields=id&sort=user_created.email',
      '/items/comments?fields=id&sort=title.name',
      '/users?fields=id&sort=email',
      '/users?aggregate[count]=*&groupBy[]=email',
    ];
    for (const attack of attacks) expectRefused(await outsider.call('GET', attack), 403);
    // Each refusal says what the caller tried to do with the field.
    expectRefused(await outsider.call('GET', '/users?fields=id&sort=-email'), 403, 'Нельзя сортировать по полю «email»');
    expectRefused(await outsider.call('GET', '/users?aggregate[count]=*&groupBy[]=email'), 403, 'Нельзя группировать по полю «email»');
    expectRefused(await outsider.call('GET', '/users?aggregate[countDistinct]=email'), 403, 'Нельзя считать по полю «email»');
    // Groups and aggregates name the collection's own fields only, whoever asks.
    for (const attack of [
      '/items/comments?aggregate[count]=*&groupBy[]=user_created.email',
      '/items/titles_genres?aggregate[max]=titles_id.name',
    ]) expectRefused(await outsider.call('GET', attack), 400, GROUP_SHAPE);
  });

  it('cannot filter nested reads on what it may not read', async () => {
    const deep = encodeURIComponent(JSON.stringify({ comments: { _filter: { user_created: { email: { _eq: a.email } } } } }));
    expectRefused(await outsider.call('GET', `/items/titles?fields=id,comments.id&deep=${deep}`), 403);
  });

  it('cannot filter or sort a nested read renamed by an alias on what it may not read', async () => {
    const byEmail = q({ user_created: { email: { _eq: a.email } } });
    for (const path of [
      `/items/titles?alias[c]=comments&fields=id,c.id&filter[id][_eq]=${published.id}&deep[c][_filter]=${byEmail}`,
      `/items/titles?alias[c]=comments&fields=id,c.id&filter[id][_eq]=${published.id}&deep[c][_sort]=user_created.email`,
    ]) {
      const res = await outsider.call('GET', path);
      expectRefused(res, 403);
      expect(res.data ?? null).toBeNull();
    }
    const res = await outsider.call('POST', '/graphql', {
      query: `{ titles(filter: { id: { _eq: ${published.id} } }) { c: comments(filter: { user_created: { email: { _eq: "${a.email}" } } }) { id } } }`,
    });
    expect(res.data?.titles ?? null).toBeNull();
    expect(JSON.stringify(res.errors)).toContain('FORBIDDEN');
  });

  it('cannot do any of it through GraphQL', async () => {
    const res = await outsider.call('POST', '/graphql', {
      query: `{ titles(filter: { comments: { user_created: { email: { _eq: "${a.email}" } } } }) { id } }`,
    });
    expect(res.data?.titles ?? null).toBeNull();
    expect(JSON.stringify(res.errors)).toContain('FORBIDDEN');
  });
});

describe('a visitor', () => {
  it('cannot read the names or texts of draft titles through junctions or $FOLLOW', async () => {
    const attacks = [
      `/items/titles_genres?filter=${q({ titles_id: { name: { _contains: DRAFT_WORD } } })}`,
      `/items/actors?filter=${q({ '$FOLLOW(titles_actors,actors_id)': { titles_id: { description: { _contains: DRAFT_WORD } } } })}`,
      `/items/genres?filter=${q({ '$FOLLOW(titles_genres,genres_id)': { titles_id: { name: { _contains: DRAFT_WORD } } } })}`,
    ];
    for (const attack of attacks) {
      const res = await call('GET', attack);
      expectRefused(res, 403);
      expect(JSON.stringify(res.data ?? null)).not.toContain(DRAFT_WORD);
    }
  });

  it('sees the junction rows of published titles only', async () => {
    const genres = await call('GET', `/items/titles_genres?fields=titles_id&filter[genres_id][_eq]=${genre.id}`);
    expect(genres.data).toEqual([{ titles_id: published.id }]);
    const actors = await call('GET', `/items/titles_actors?fields=titles_id&filter[actors_id][_eq]=${actor.id}`);
    expect(actors.data).toEqual([{ titles_id: published.id }]);
    expect((await call('GET', `/items/titles_genres?fields=id&filter[titles_id][_eq]=${draft.id}`)).data).toEqual([]);
  });

  it('is told with a 400 that a list of related rows cannot be sorted, grouped or counted', async () => {
    for (const [path, list] of [
      ['/items/series?aggregate[countDistinct]=segments', 'segments'],
      ['/items/series?groupBy[]=segments&aggregate[count]=id', 'segments'],
      ['/items/titles?aggregate[count]=genres', 'genres'],
      ['/items/titles?sort=-series', '-series'],
    ]) {
      expectRefused(await call('GET', path), 400, notStored(list));
    }
    const res = await call('POST', '/graphql', { body: { query: '{ series_aggregated { countDistinct { segments } } }' } });
    expect(res.status).not.toBe(500);
    expect(res.data?.series_aggregated ?? null).toBeNull();
    expect(JSON.stringify(res.errors)).toContain(notStored('segments'));
  });

  it('counts through a filter on a list of related rows only once a row: a hidden linked row is not counted', async () => {
    const show = await newTitle({ series: [{ name: '1 серия' }, { name: '2 серия' }, { name: 'Для подписчиков', deleted: true }] });
    const shown = await call('GET', `/items/series?fields=id&filter[title][_eq]=${show.id}`);
    expect(shown.data).toHaveLength(2);
    const through = `filter=${q({ _and: [{ id: { _eq: show.id } }, { series: { _some: { id: { _gt: 0 } } } }] })}`;
    for (const [fn, field] of [['count', '*'], ['count', 'id'], ['sum', 'views'], ['avg', 'views']]) {
      expectRefused(await call('GET', `/items/titles?${through}&aggregate[${fn}]=${field}`), 400, countedPerLinkedRow(fn!));
    }
    const graphql = await call('POST', '/graphql', { body: { query: `{ titles_aggregated(filter: { id: { _eq: ${show.id} }, series: { _some: { id: { _gt: 0 } } } }) { count { id } } }` } });
    expect(JSON.stringify(graphql.errors)).toContain(countedPerLinkedRow('count'));
    expect((await call('GET', `/items/titles?${through}&aggregate[countDistinct]=id`)).data).toEqual([{ countDistinct: { id: 1 } }]);
    expect((await call('GET', `/items/titles?filter[id][_eq]=${show.id}&aggregate[count]=id`)).data).toEqual([{ count: { id: 1 } }]);
  });

  it('is told an administrator too where a group by a list of related rows was a 500', async () => {
    for (const list of ['series', 'genres']) expectRefused(await asAdmin('GET', `/items/titles?groupBy=${list}&aggregate[count]=*`), 400, notStored(list));
    expect((await asAdmin('GET', '/items/titles?groupBy=count(series)&aggregate[count]=*')).status).toBe(200);
  });
});

describe('the screens\' own calls still answer', () => {
  it('the filter screen finds published titles of a genre through _some, drafts left out', async () => {
    const filter = q({ _and: [{ status: { _eq: 'published' } }, { genres: { _some: { genres_id: { name: { _eq: genre.name } } } } }] });
    const res = await call('GET', `/items/titles?fields=id&filter=${filter}`);
    expect(res.data).toEqual([{ id: published.id }]);
    const count = await call('GET', `/items/titles?aggregate[countDistinct]=id&filter=${filter}`);
    expect(count.data).toEqual([{ countDistinct: { id: 1 } }]);
  });

  it('a title page reads its genres and cast', async () => {
    const res = await call('GET', `/items/titles/${published.id}?fields=genres.genres_id.name,actors.actors_id.nameRu`);
    expect(res.data).toEqual({ genres: [{ genres_id: { name: genre.name } }], actors: [{ actors_id: { nameRu: 'Актёр фильтров' } }] });
  });

  it('a profile is found by login, and a member finds the chat with a person through _some', async () => {
    expect((await outsider.call('GET', `/users?fields=id&filter[login][_eq]=${a.login}&limit=1`)).data).toEqual([{ id: a.id }]);
    const chats = await a.call('GET', `/items/chats?fields=id&filter=${q({ user_invited: { _some: { directus_users_id: { _eq: b.id } } } })}`);
    expect(chats.data).toEqual([{ id: chatId }]);
  });

  it('a member filters and sorts its own marks', async () => {
    const res = await a.call('GET', '/items/favorites?fields=type,title&filter[type][_eq]=Смотрю&sort=-date_created');
    expect(res.data).toEqual([{ type: 'Смотрю', title: published.id }]);
  });

  it('an editor moderating reviews filters them by their author\'s email', async () => {
    const res = await editor.call('GET', `/items/comments?fields=text&filter=${q({ user_created: { email: { _eq: a.email } } })}`);
    expect(res.status).toBe(200);
    expect(res.data).toEqual([{ text: 'Отзыв автора' }]);
  });
});
