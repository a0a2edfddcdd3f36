/**
 * What a signed-in person does with titles, as the backend keeps it: a rating set or replaced in one
 * operation, reviews edited and deleted by their authors (a deleted review with replies stays as a
 * tombstone), where they stopped watching, and alerts of new episodes of titles they follow.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { call, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused, uploadAs } from '../support/fixtures.ts';

let me: TestUser;
let other: TestUser;
let title: { id: number };

beforeAll(async () => {
  [me, other] = await Promise.all([newUser(), newUser()]);
  title = await newTitle();
});

describe('rating', () => {
  it('sets the rating and answers the new average', async () => {
    const res = await me.call('PUT', `/site/rating/${title.id}`, { rating: 4 });
    expect(res.data).toEqual({ mine: 4, average: 4, count: 1 });
  });

  it('replaces it in place: one row, the same id, never a moment without', async () => {
    const [before] = (await me.call('GET', `/items/ratings?filter[title][_eq]=${title.id}&fields=id,rating`)).data;
    const res = await me.call('PUT', `/site/rating/${title.id}`, { rating: 2 });
    expect(res.data).toEqual({ mine: 2, average: 2, count: 1 });
    expect((await me.call('GET', `/items/ratings?filter[title][_eq]=${title.id}&fields=id,rating`)).data).toEqual([{ id: before.id, rating: 2 }]);
  });

  it('keeps one rating under parallel replacements', async () => {
    const racer = await newUser();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => racer.call('PUT', `/site/rating/${title.id}`, { rating })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await countRows('ratings', { _and: [{ title: { _eq: title.id } }, { user_created: { _eq: racer.id } }] })).toBe(1);
  });

  it.each([0, 6, 3.5, '4', null])('refuses %j and keeps the rating', async (bad) => {
    const res = await me.call('PUT', `/site/rating/${title.id}`, { rating: bad });
    expectRefused(res, 400, 'Оценка должна быть от 1 до 5');
    expect((await me.call('GET', `/items/ratings?filter[title][_eq]=${title.id}&fields=rating`)).data).toEqual([{ rating: 2 }]);
  });

  it('refuses a second rating through the plain collection too', async () => {
    const res = await expectNothingStored('ratings', { title: { _eq: title.id } }, () => me.call('POST', '/items/ratings', { title: title.id, rating: 5 }));
    expectRefused(res, 400, 'Вы уже поставили оценку');
  });

  it('is refused to visitors and on drafts', async () => {
    expectRefused(await call('PUT', `/site/rating/${title.id}`, { body: { rating: 5 } }), 403);
    const draft = await newTitle({ status: 'draft' });
    expectRefused(await me.call('PUT', `/site/rating/${draft.id}`, { rating: 5 }), 400, 'Сериал или фильм не найден');
  });
});

describe('reviews', () => {
  it('are edited by their author only', async () => {
    const review = await me.call('POST', '/items/comments', { text: 'Первое впечатление', title: title.id });
    expect((await me.call('PATCH', `/items/comments/${review.data.id}`, { text: 'Досмотрел: шедевр' })).status).toBe(200);
    expectRefused(await other.call('PATCH', `/items/comments/${review.data.id}`, { text: 'Чужая правка' }), 403);
    expectRefused(await me.call('PATCH', `/items/comments/${review.data.id}`, { text: '   ' }), 400, 'Комментарий не может быть пустым');
    expect((await adminRead('comments', review.data.id, 'text')).text).toBe('Досмотрел: шедевр');
  });

  it('are deleted by marking: the text goes, replies stay, nobody replies any more, and the counts leave it out', async () => {
    const review = await me.call('POST', '/items/comments', { text: 'Скоро удалю', title: title.id });
    const reply = await other.call('POST', '/items/comments', { text: 'Ответ остаётся', comment: review.data.id });
    expectRefused(await other.call('PATCH', `/items/comments/${review.data.id}`, { deleted: true }), 403);
    expect((await me.call('PATCH', `/items/comments/${review.data.id}`, { deleted: true })).status).toBe(200);
    expect(await adminRead('comments', review.data.id, 'text,deleted')).toEqual({ text: '', deleted: true });
    expect((await adminRead('comments', reply.data.id, 'text')).text).toBe('Ответ остаётся');
    expectRefused(await other.call('POST', '/items/comments', { text: 'Ещё ответ', comment: review.data.id }), 400, 'Комментарий, на который вы отвечаете, удалён');
    expectRefused(await me.call('PATCH', `/items/comments/${review.data.id}`, { deleted: false }), 400, 'не восстанавливается');
    const counts = await call('GET', `/items/comments?aggregate[count]=*&groupBy[]=title&filter[title][_eq]=${title.id}&filter[deleted][_eq]=false`);
    const shown = await countRows('comments', { _and: [{ title: { _eq: title.id } }, { deleted: { _eq: false } }] });
    expect(Number(counts.data[0].count)).toBe(shown);
  });

  it('once deleted, show nobody their author or pictures', async () => {
    const picture = (await uploadAs(me, pngBytes(), 'image/png', 'review.png')).data.id;
    const review = (await me.call('POST', '/items/comments', { text: 'С картинкой', title: title.id, images: [{ directus_files_id: picture }] })).data.id;
    expect((await me.call('PATCH', `/items/comments/${review}`, { deleted: true })).status).toBe(200);
    const seen = await call('GET', `/items/comments/${review}?fields=deleted,text,user_created,images.directus_files_id`);
    expect(seen.data).toEqual({ deleted: true, text: '', user_created: null, images: [] });
    expect(await countRows('directus_files', { id: { _eq: picture } })).toBe(0);
    expect((await call('GET', `/assets/${picture}`)).status).not.toBe(200);
  });
});

describe('where a person stopped watching', () => {
  let episodes: { id: number }[];
  let series: { id: number };

  beforeAll(async () => {
    series = await newTitle();
    episodes = (await asAdmin('POST', '/items/series', [1, 2, 3].map((n) => ({ title: series.id, name: `Серия ${n}`, sort: n })))).data;
  });

  it('is kept per title, replaced as they go on, and read back by them alone', async () => {
    expect((await me.call('PUT', `/site/progress/${series.id}`, { episode: episodes[0].id, position: 125, duration: 1500 })).status).toBe(200);
    expect((await me.call('PUT', `/site/progress/${series.id}`, { episode: episodes[1].id, position: 754, duration: 1500 })).status).toBe(200);
    const mine = await me.call('GET', `/items/watchProgress?filter[title][_eq]=${series.id}&fields=episode,position,duration`);
    expect(mine.data).toEqual([{ episode: episodes[1].id, position: 754, duration: 1500 }]);
    expect((await other.call('GET', `/items/watchProgress?filter[title][_eq]=${series.id}`)).data).toEqual([]);
  });

  it('takes the last episode opened in an embedded player, without a position', async () => {
    const res = await other.call('PUT', `/site/progress/${series.id}`, { episode: episodes[2].id });
    expect(res.data).toEqual({ title: series.id, episode: episodes[2].id, position: null, duration: null });
  });

  it('keeps a position reported past the episode\'s end as the end', async () => {
    const res = await other.call('PUT', `/site/progress/${series.id}`, { episode: episodes[0].id, position: 1520, duration: 1500 });
    expect(res.data).toEqual({ title: series.id, episode: episodes[0].id, position: 1500, duration: 1500 });
    const kept = await other.call('GET', `/items/watchProgress?filter[title][_eq]=${series.id}&fields=position`);
    expect(kept.data).toEqual([{ position: 1500 }]);
  });

  it('refuses an episode of another title, a bad position and visitors, changing nothing', async () => {
    const elsewhere = await newTitle();
    expectRefused(await me.call('PUT', `/site/progress/${elsewhere.id}`, { episode: episodes[0].id }), 400, 'Серия не из этого сериала или фильма');
    expectRefused(await me.call('PUT', `/site/progress/${series.id}`, { episode: episodes[0].id, position: -5 }), 400, 'Позиция');
    expectRefused(await call('PUT', `/site/progress/${series.id}`, { body: { position: 5 } }), 403);
    const mine = await me.call('GET', `/items/watchProgress?filter[title][_eq]=${series.id}&fields=episode,position`);
    expect(mine.data).toEqual([{ episode: episodes[1].id, position: 754 }]);
  });

  it('cannot be written through the collection', async () => {
    expectRefused(await me.call('POST', '/items/watchProgress', { title: series.id, position: 1 }), 403);
  });
});

describe('new-episode alerts', () => {
  it('reach those who watch or plan to watch the title, once per episode, and nobody else', async () => {
    const followed = await newTitle();
    const [watching, planning, finished] = await Promise.all([newUser(), newUser(), newUser()]);
    await watching.call('POST', '/items/favorites', { type: 'Смотрю', title: followed.id });
    await planning.call('POST', '/items/favorites', { type: 'Буду смотреть', title: followed.id });
    await finished.call('POST', '/items/favorites', { type: 'Смотрел', title: followed.id });
    const editor = await newUser(EDITOR_ROLE);
    const episode = await editor.call('POST', '/items/series', { title: followed.id, name: 'Серия 9' });
    expect(episode.status).toBe(200);

    const alertsOf = (user: TestUser) => user.call('GET', `/items/alerts?filter[title][_eq]=${followed.id}&fields=title,episode,read`);
    await vi.waitFor(async () => expect((await alertsOf(watching)).data).toEqual([{ title: followed.id, episode: episode.data.id, read: false }]));
    await vi.waitFor(async () => expect((await alertsOf(planning)).data).toHaveLength(1));
    // The alerts are written by one insert after the episode; both above prove it has run.
    expect((await alertsOf(finished)).data).toEqual([]);
    expect(await countRows('alerts', { _and: [{ episode: { _eq: episode.data.id } }, { user: { _eq: watching.id } }] })).toBe(1);
  });

  it('are marked read by their person, and by nobody else', async () => {
    const followed = await newTitle();
    const [fan, stranger] = await Promise.all([newUser(), newUser()]);
    await Promise.all([fan, stranger].map((u) => u.call('POST', '/items/favorites', { type: 'Смотрю', title: followed.id })));
    await asAdmin('POST', '/items/series', { title: followed.id, name: 'Серия 2' });
    const alertOf = (user: TestUser) => vi.waitFor(async () => {
      const rows = (await user.call('GET', `/items/alerts?filter[title][_eq]=${followed.id}&fields=id`)).data;
      expect(rows).toHaveLength(1);
      return rows[0].id as number;
    });
    const [alert, strangers] = await Promise.all([alertOf(fan), alertOf(stranger)]);
    const readOf = async (id: number) => (await adminRead('alerts', id, 'read,user')) as { read: boolean; user: string };

    // Another's alert by its id, alone, among one's own, or by a filter naming it: refused.
    expectRefused(await stranger.call('PATCH', `/items/alerts/${alert}`, { read: true }), 403);
    expectRefused(await stranger.call('PATCH', '/items/alerts', { keys: [strangers, alert], data: { read: true } }), 403);
    expectRefused(await stranger.call('PATCH', '/items/alerts', { query: { filter: { id: { _in: [alert] } } }, data: { read: true } }), 403);
    expectRefused(await fan.call('PATCH', `/items/alerts/${alert}`, { read: true, user: stranger.id }), 403);
    expect(await readOf(alert)).toEqual({ read: false, user: fan.id });
    expect(await readOf(strangers)).toEqual({ read: false, user: stranger.id });

    expect((await fan.call('PATCH', `/items/alerts/${alert}`, { read: true })).status).toBe(200);
    expect(await readOf(alert)).toEqual({ read: true, user: fan.id });
    expect((await readOf(strangers)).read).toBe(false);
  });

  it('are not sent for a taken-down episode or a draft title', async () => {
    const draft = await newTitle({ status: 'draft' });
    const fan = await newUser();
    await fan.call('POST', '/items/favorites', { type: 'Смотрю', title: draft.id });
    const episode = await asAdmin('POST', '/items/series', { title: draft.id, name: 'Серия 1' });
    const published = await newTitle();
    await fan.call('POST', '/items/favorites', { type: 'Смотрю', title: published.id });
    const hidden = await asAdmin('POST', '/items/series', { title: published.id, name: 'Снятая', deleted: true });
    const shown = await asAdmin('POST', '/items/series', { title: published.id, name: 'Новая' });
    // Alerts are written after each episode is stored, in order: the later episode's alert shows the earlier ones were handled.
    await vi.waitFor(async () => expect(await countRows('alerts', { episode: { _eq: shown.data.id } })).toBe(1));
    expect(await countRows('alerts', { episode: { _in: [episode.data.id, hidden.data.id] } })).toBe(0);
  });
});
