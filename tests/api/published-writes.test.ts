/**
 * A person's writes name only what visitors can see: a published title, an episode they may watch,
 * an existing actor. A draft answers exactly as a missing id does, so no write tells drafts apart,
 * and drafts collect no ratings or marks before they are published.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/rules.ts';
import { ACTOR_NOT_FOUND, EPISODE_NOT_FOUND, TITLE_NOT_FOUND } from '../../directus/extensions/shared/catalogue.ts';
import { admin, newTitle, newUser, type Reply, type TestUser } from '../support/api.ts';
import { expectNothingStored, expectRefused } from '../support/fixtures.ts';

const MISSING = 999_999_999;
let user: TestUser;
let draft: { id: number };

beforeAll(async () => {
  user = await newUser();
  draft = await newTitle({ status: 'draft' });
});

/** The answer for the draft and for a missing id are one and the same refusal, and nothing is stored. */
async function sameAsMissing(collection: string, write: (titleId: number) => Promise<Reply>): Promise<void> {
  const forDraft = await expectNothingStored(collection, {}, () => write(draft.id));
  const forMissing = await expectNothingStored(collection, {}, () => write(MISSING));
  expectRefused(forDraft, 400, TITLE_NOT_FOUND);
  expect({ status: forDraft.status, errors: forDraft.errors }).toEqual({ status: forMissing.status, errors: forMissing.errors });
}

describe('a draft title answers as a missing one', () => {
  it('to a rating', () => sameAsMissing('ratings', (title) => user.call('POST', '/items/ratings', { rating: 5, title })));

  it('to the one-call rating', () => sameAsMissing('ratings', (title) => user.call('PUT', `/site/rating/${title}`, { rating: 5 })));

  it.each(['Избранное', 'Буду смотреть'])('to a list mark «%s»', (type) =>
    sameAsMissing('favorites', (title) => user.call('POST', '/items/favorites', { type, title })));

  it('to a review', () => sameAsMissing('comments', (title) => user.call('POST', '/items/comments', { text: 'Рано', title })));

  it('to watching progress', () => sameAsMissing('watchProgress', (title) => user.call('PUT', `/site/progress/${title}`, { position: 10, duration: 100 })));

  it('to a reaction on a review an editor left under the draft', async () => {
    const editorsNote = await (await admin()).post<{ id: number }>('/items/comments', { text: 'Черновой отзыв', title: draft.id });
    const onDraft = await expectNothingStored('reactions', {}, () => user.call('POST', '/items/reactions', { type: 'like', comment: editorsNote.id }));
    const onMissing = await user.call('POST', '/items/reactions', { type: 'like', comment: MISSING });
    expectRefused(onDraft, 400, 'Комментарий не найден');
    expect(onDraft.errors).toEqual(onMissing.errors);
  });
});

describe('a favourite actor', () => {
  it('must exist: a missing one is a clear 400, not a foreign-key error', async () => {
    const res = await expectNothingStored('favoriteActors', {}, () => user.call('POST', '/items/favoriteActors', { actor: MISSING }));
    expectRefused(res, 400, ACTOR_NOT_FOUND);
  });
});

describe('an episode kept for subscribers', () => {
  let title: { id: number };
  let kept: number;
  let takenDown: number;

  beforeAll(async () => {
    title = await newTitle();
    kept = (await (await admin()).post<{ id: number }>('/items/series', { title: title.id, name: 'Для подписчиков', deleted: true })).id;
    takenDown = (await (await admin()).post<{ id: number }>('/items/series', { title: title.id, name: 'Снята', deleted: true, takenDown: true })).id;
  });

  it('is not progress a person without a plan can record', async () => {
    const res = await expectNothingStored('watchProgress', {}, () => user.call('PUT', `/site/progress/${title.id}`, { episode: kept, position: 30, duration: 1200 }));
    expectRefused(res, 400, EPISODE_NOT_FOUND);
  });

  it.each([['Премиум', ROLES.premium], ['Премиум+', ROLES.premiumPlus]])('is recorded for %s', async (_name, role) => {
    const subscriber = await newUser(role);
    const res = await subscriber.call('PUT', `/site/progress/${title.id}`, { episode: kept, position: 30, duration: 1200 });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ title: title.id, episode: kept, position: 30, duration: 1200 });
  });

  it('is progress nobody records once taken down, a subscriber neither', async () => {
    const subscriber = await newUser(ROLES.premium);
    const res = await expectNothingStored('watchProgress', { user_created: { _eq: subscriber.id } }, () =>
      subscriber.call('PUT', `/site/progress/${title.id}`, { episode: takenDown, position: 30, duration: 1200 }));
    expectRefused(res, 400, EPISODE_NOT_FOUND);
  });
});

describe('a write a member may not make at all', () => {
  /** The answer naming something hidden equals the answer naming nothing, and it is a 403. */
  const sameRefusal = (hidden: Reply, plain: Reply) => {
    expectRefused(hidden, 403);
    expect({ status: hidden.status, errors: hidden.errors }).toEqual({ status: plain.status, errors: plain.errors });
  };

  it('tells nothing of a draft\'s slug, whichever title it names', async () => {
    const [hidden, shown] = [await newTitle({ status: 'draft' }), await newTitle()];
    const free = `free-${Date.now().toString(36)}`;
    sameRefusal(await user.call('PATCH', `/items/titles/${shown.id}`, { slug: hidden.slug }), await user.call('PATCH', `/items/titles/${shown.id}`, { slug: free }));
    sameRefusal(await user.call('PATCH', `/items/titles/${hidden.id}`, { slug: shown.slug }), await user.call('PATCH', `/items/titles/${MISSING}`, { slug: shown.slug }));
    sameRefusal(await user.call('POST', '/items/titles', { slug: hidden.slug, name: 'Проба' }), await user.call('POST', '/items/titles', { slug: free, name: 'Проба' }));
  });

  it('tells nothing of a draft\'s episode or where its segments are', async () => {
    const a = await admin();
    const episode = (await a.post<{ id: number }>('/items/series', { title: draft.id, name: '1 серия', duration: 1500 })).id;
    await a.post('/items/segments', { episode, kind: 'opening', start: 60, end: 150 });
    sameRefusal(await user.call('PATCH', `/items/series/${episode}`, { duration: 1 }), await user.call('PATCH', `/items/series/${MISSING}`, { duration: 1 }));
    sameRefusal(
      await user.call('PATCH', '/items/series', { keys: [episode, MISSING], data: { duration: 1 } }),
      await user.call('PATCH', '/items/series', { keys: [MISSING - 1, MISSING], data: { duration: 1 } }),
    );
  });

  it('tells nothing of a review under a title taken back to draft', async () => {
    const [title, shown, author, reader] = [await newTitle(), await newTitle(), await newUser(), await newUser()];
    const hiddenReview = (await author.call('POST', '/items/comments', { text: 'Отзыв', title: title.id })).data.id;
    const shownReview = (await author.call('POST', '/items/comments', { text: 'Отзыв', title: shown.id })).data.id;
    const onHidden = (await reader.call('POST', '/items/reactions', { type: 'like', comment: hiddenReview })).data.id;
    const onShown = (await reader.call('POST', '/items/reactions', { type: 'like', comment: shownReview })).data.id;
    await (await admin()).patch(`/items/titles/${title.id}`, { status: 'draft' });
    sameRefusal(await user.call('PATCH', `/items/reactions/${onHidden}`, { type: 'dislike' }), await user.call('PATCH', `/items/reactions/${onShown}`, { type: 'dislike' }));
  });
});
