/** Nobody likes or dislikes what they wrote: their reviews, replies, posts and post comments. */
import { beforeAll, describe, expect, it } from 'vitest';
import { newTitle, newUser, type TestUser } from '../support/api.ts';
import { countRows, expectNothingStored, expectRefused } from '../support/fixtures.ts';

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
