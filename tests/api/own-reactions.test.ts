/**
 * Nobody likes or dislikes what they wrote: their reviews, replies, posts and post comments. A
 * person's own reaction toggles and switches (PUT /site/reactions), one per target whatever races,
 * and nobody changes, moves or deletes another's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';

const OWN_REACTION = 'Нельзя оценивать свои комментарии и записи';

let author: TestUser;
let reader: TestUser;
let review: number;
let reply: number;
let post: number;
let postComment: number;

beforeAll(async () => {
  [author, reader] = await Promise.all([newUser(), newUser()]);
  const title = await newTitle();
  review = (await author.call('POST', '/items/comments', { text: 'Мой отзыв', title: title.id })).data.id;
  reply = (await author.call('POST', '/items/comments', { text: 'Мой ответ себе', comment: review })).data.id;
  post = (await author.call('POST', '/items/posts', { text: 'Моя запись' })).data.id;
  postComment = (await author.call('POST', '/items/comments', { text: 'Мой комментарий к записи', post })).data.id;
});

describe('reactions on one\'s own words', () => {
  it.each([
    ['review', () => ({ comment: review })],
    ['reply', () => ({ comment: reply })],
    ['post', () => ({ post })],
    ['post comment', () => ({ comment: postComment })],
  ] as const)('refuses a like or dislike of one\'s own %s with a 403, storing nothing', async (_what, target) => {
    for (const type of ['like', 'dislike']) {
      const res = await expectNothingStored('reactions', {}, () => author.call('POST', '/items/reactions', { type, ...target() }));
      expectRefused(res, 403, OWN_REACTION);
    }
  });

  it('refuses the target given as an object with its id, as Directus also accepts', async () => {
    const res = await expectNothingStored('reactions', {}, () => author.call('POST', '/items/reactions', { type: 'like', comment: { id: review } }));
    expectRefused(res, 403, OWN_REACTION);
  });

  it('takes another person\'s reaction on each', async () => {
    for (const target of [{ comment: review }, { comment: reply }, { post }, { comment: postComment }]) {
      expect((await reader.call('POST', '/items/reactions', { type: 'like', ...target })).status).toBe(200);
    }
    expect(await countRows('reactions', { user_created: { _eq: reader.id } })).toBe(4);
    expect(await countRows('reactions', { user_created: { _eq: author.id } })).toBe(0);
  });
});

describe('one\'s own reaction, set as a whole (PUT /site/reactions)', () => {
  let other: TestUser;
  beforeAll(async () => { other = await newUser(); });

  const put = (who: TestUser, body: Record<string, unknown>) => who.call('PUT', '/site/reactions', body);
  const stored = async (target: Record<string, number>) => (await admin()).get<{ id: number; type: string; user_created: string }[]>(
    `/items/reactions?fields=id,type,user_created&sort=id&limit=-1&${Object.entries(target).map(([k, v]) => `filter[${k}][_eq]=${v}`).join('&')}`);

  it('likes, takes the like back when pressed again, and turns a like into a dislike in the same row', async () => {
    const target = { comment: review };
    const liked = await put(other, { ...target, type: 'like' });
    expect(liked.status).toBe(200);
    expect(liked.data.before).toBeNull();
    const id = liked.data.after.id;
    expect(liked.data.after).toEqual({ id, type: 'like' });
    expect((await stored(target)).filter((r) => r.user_created === other.id)).toEqual([{ id, type: 'like', user_created: other.id }]);

    // The same call again changes nothing.
    expect((await put(other, { ...target, type: 'like' })).data).toEqual({ before: { id, type: 'like' }, after: { id, type: 'like' } });
    const switched = await put(other, { ...target, type: 'dislike' });
    expect(switched.data).toEqual({ before: { id, type: 'like' }, after: { id, type: 'dislike' } });
    expect((await stored(target)).filter((r) => r.user_created === other.id)).toEqual([{ id, type: 'dislike', user_created: other.id }]);

    expect((await put(other, { ...target, type: null })).data).toEqual({ before: { id, type: 'dislike' }, after: null });
    expect((await stored(target)).filter((r) => r.user_created === other.id)).toEqual([]);
    expect((await put(other, { ...target, type: null })).data).toEqual({ before: null, after: null });
  });

  it('keeps one reaction per person however many calls race, from double clicks or two tabs', async () => {
    const target = { comment: reply };
    const likes = await Promise.all(Array.from({ length: 8 }, () => put(other, { ...target, type: 'like' })));
    expect(likes.map((r) => r.status)).toEqual(likes.map(() => 200));
    expect((await stored(target)).filter((r) => r.user_created === other.id).map((r) => r.type)).toEqual(['like']);
    const mixed = await Promise.all(Array.from({ length: 8 }, (_, i) => put(other, { ...target, type: ['dislike', 'like', null][i % 3] })));
    expect(mixed.map((r) => r.status)).toEqual(mixed.map(() => 200));
    const left = (await stored(target)).filter((r) => r.user_created === other.id);
    expect(left.length).toBeLessThanOrEqual(1);
    // What the last answer says is what is stored.
    await put(other, { ...target, type: 'dislike' });
    expect((await stored(target)).filter((r) => r.user_created === other.id).map((r) => r.type)).toEqual(['dislike']);
  });

  it('works on posts and post comments alike, and tells each person their own reactions only', async () => {
    const fresh = await newUser();
    await put(fresh, { post, type: 'dislike' });
    await put(fresh, { comment: postComment, type: 'like' });
    await put(fresh, { comment: review, type: 'like' });
    const onPosts = await fresh.call('GET', `/site/reactions/mine?posts=${post}`);
    expect(onPosts.status).toBe(200);
    expect(onPosts.data.map((r: { type: string; comment: number | null; post: number | null }) => [r.type, r.comment, r.post]).sort())
      .toEqual([['dislike', null, post], ['like', postComment, null]].sort());
    const title = (await admin()).get<{ title: number }>(`/items/comments/${review}?fields=title`);
    const onTitle = await fresh.call('GET', `/site/reactions/mine?title=${(await title).title}`);
    expect(onTitle.data.map((r: { type: string; comment: number }) => [r.type, r.comment])).toEqual([['like', review]]);
    // Another person's list has none of these.
    const theirs = await author.call('GET', `/site/reactions/mine?posts=${post}`);
    expect(theirs.data).toEqual([]);
  });

  it('refuses visitors, bad targets and types with a Russian reason, storing nothing', async () => {
    const theirs = { user_created: { _in: [other.id, author.id] } };
    const before = await countRows('reactions', theirs);
    expectRefused(await call('PUT', '/site/reactions', { body: { comment: review, type: 'like' } }), [401, 403]);
    expectRefused(await call('GET', `/site/reactions/mine?posts=${post}`), [401, 403]);
    expectRefused(await put(other, { comment: review, post, type: 'like' }), 400, 'либо на комментарий, либо на запись');
    expectRefused(await put(other, { type: 'like' }), 400, 'либо на комментарий, либо на запись');
    for (const type of ['love', 1, true, ['like'], { type: 'like' }, undefined]) {
      expectRefused(await put(other, { comment: review, type }), 400, 'Реакция может быть только');
    }
    for (const comment of ['1 OR 1=1', -1, 1.5, [review], true]) expectRefused(await put(other, { comment, type: 'like' }), 400);
    expectRefused(await put(author, { comment: review, type: 'like' }), 403, OWN_REACTION);
    expectRefused(await put(other, { comment: 2_000_000_000, type: 'like' }), 400, 'Комментарий не найден');
    expectRefused(await other.call('GET', '/site/reactions/mine'), 400);
    expectRefused(await other.call('GET', `/site/reactions/mine?posts=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`), 400);
    expectRefused(await other.call('GET', '/site/reactions/mine?posts=1;DROP'), 400);
    expect(await countRows('reactions', theirs)).toBe(before);
  });
});

describe('another person\'s reaction, through the API', () => {
  it('is neither changed, deleted nor moved; one\'s own keeps its target; a second one is refused', async () => {
    const [me, them] = await Promise.all([newUser(), newUser()]);
    const theirs = (await them.call('POST', '/items/reactions', { type: 'like', comment: review })).data.id;
    expectRefused(await me.call('PATCH', `/items/reactions/${theirs}`, { type: 'dislike' }), 403);
    expectRefused(await me.call('DELETE', `/items/reactions/${theirs}`), 403);
    expectRefused(await me.call('PATCH', '/items/reactions', { keys: [theirs], data: { type: 'dislike' } }), 403);
    expect(await adminRead('reactions', theirs, 'type,comment,user_created')).toEqual({ type: 'like', comment: review, user_created: them.id });

    const mine = (await me.call('POST', '/items/reactions', { type: 'like', comment: review })).data.id;
    // What it is on and whose it is stay.
    expectRefused(await me.call('PATCH', `/items/reactions/${mine}`, { comment: reply }), 403);
    expectRefused(await me.call('PATCH', `/items/reactions/${mine}`, { post }), 403);
    expectRefused(await me.call('PATCH', `/items/reactions/${mine}`, { user_created: them.id }), 403);
    expectRefused(await me.call('PATCH', `/items/reactions/${mine}`, { type: 'love' }), 400);
    const second = await expectNothingStored('reactions', { user_created: { _eq: me.id } }, () => me.call('POST', '/items/reactions', { type: 'dislike', comment: review }));
    expectRefused(second, 400, 'Вы уже оценили это');
    expect(await adminRead('reactions', mine, 'type,comment,user_created')).toEqual({ type: 'like', comment: review, user_created: me.id });

    // Their own they change and take back through the API as well.
    expect((await me.call('PATCH', `/items/reactions/${mine}`, { type: 'dislike' })).status).toBe(200);
    expect((await me.call('DELETE', `/items/reactions/${mine}`)).status).toBe(204);
    expect(await countRows('reactions', { user_created: { _eq: me.id } })).toBe(0);
  });
});
