/**
 * Reviews live on a title page, for visitors too: a socket without sign-in hears the reviews and
 * likes of published titles and their deletion outright by an editor, and nothing of a draft's, not
 * even that one was deleted outright. A
 * subscription that could only answer with errors about rows its reader cannot see is refused when
 * made; a socket whose sign-in fails reads as a visitor, never as nobody in particular.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { admin, baseUrl, newTitle, newUser, type TestUser } from '../support/api.ts';
import { Realtime, closeAllRealtime, type Frame } from '../support/realtime.ts';

let author: TestUser;
let reader: TestUser;
let editor: TestUser;
let published: { id: number };
let draft: { id: number };

const answered = (uid: string) => (f: Frame) => f.uid === uid && (f.type === 'error' || f.status === 'error' || f.event === 'init');
const about = (uid: string, id: number) => (f: Frame) =>
  f.uid === uid && f.type === 'subscription' && (f.data ?? []).some((row: Frame | number) => (typeof row === 'object' ? row.id : row) === id);
/** The rows of a subscription's events (and the ids of deleted ones) among the frames. */
const rowsOf = (frames: Frame[], uid: string): Frame[] =>
  frames.filter((f) => f.uid === uid && f.type === 'subscription' && f.event !== 'init').flatMap((f) => f.data ?? []).map((r: Frame | number) => (typeof r === 'object' ? r : { id: r }));

async function subscribe(rt: Realtime, uid: string, collection: string, query: Record<string, unknown>, event?: string): Promise<Frame> {
  rt.send({ type: 'subscribe', uid, collection, query, ...(event ? { event } : {}) });
  return rt.waitFor(answered(uid), `the answer to ${uid}`);
}

beforeAll(async () => {
  [author, reader, editor] = await Promise.all([newUser(), newUser(), newUser(EDITOR_ROLE)]);
  [published, draft] = await Promise.all([newTitle(), newTitle({ status: 'draft' })]);
});

afterAll(closeAllRealtime);

describe('a visitor on a title page', () => {
  it('hears a review, its reply, its edit and its deletion, and a like, as they happen', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'visitor');
    const fields = ['id', 'text', 'deleted', 'title', 'comment'];
    for (const event of ['create', 'update']) {
      expect((await subscribe(rt, `c-${event}`, 'comments', { fields, filter: { title: { _nnull: true } } }, event)).event).toBe('init');
    }
    expect((await subscribe(rt, 'r', 'reactions', { fields: ['id', 'type', 'comment'] }, 'create')).event).toBe('init');

    const review = (await author.call('POST', '/items/comments', { text: 'Живой отзыв', title: published.id })).data.id;
    const created = await rt.waitFor(about('c-create', review), 'the new review');
    expect(created.data).toEqual([{ id: review, text: 'Живой отзыв', deleted: false, title: published.id, comment: null }]);
    const reply = (await reader.call('POST', '/items/comments', { text: 'Живой ответ', comment: review })).data.id;
    expect((await rt.waitFor(about('c-create', reply), 'the reply')).data[0]).toMatchObject({ comment: review, title: published.id });

    const like = (await reader.call('POST', '/items/reactions', { type: 'like', comment: review })).data.id;
    expect((await rt.waitFor(about('r', like), 'the like')).data).toEqual([{ id: like, type: 'like', comment: review }]);

    expect((await author.call('PATCH', `/items/comments/${review}`, { text: 'Исправленный отзыв' })).status).toBe(200);
    await rt.waitFor((f) => about('c-update', review)(f) && f.data[0].text === 'Исправленный отзыв', 'the edit');
    expect((await author.call('PATCH', `/items/comments/${review}`, { deleted: true })).status).toBe(200);
    const gone = await rt.waitFor((f) => about('c-update', review)(f) && f.data[0].deleted === true, 'the deletion');
    expect(gone.data[0].text).toBe('');
  });

  it('hears a like turned dislike, and a like taken back as its review read again without it', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'visitor');
    const query = { fields: ['id', 'title', 'reactions.id', 'reactions.type'], filter: { title: { _nnull: true } }, deep: { reactions: { _limit: -1 } } };
    expect((await subscribe(rt, 'c', 'comments', query, 'update')).event).toBe('init');
    expect((await subscribe(rt, 'r', 'reactions', { fields: ['id', 'type', 'comment'] }, 'update')).event).toBe('init');
    const review = (await author.call('POST', '/items/comments', { text: 'Отзыв для реакций', title: published.id })).data.id;
    const like = (await reader.call('PUT', '/site/reactions', { comment: review, type: 'like' })).data.after.id;

    expect((await reader.call('PUT', '/site/reactions', { comment: review, type: 'dislike' })).status).toBe(200);
    expect((await rt.waitFor(about('r', like), 'the switch')).data).toEqual([{ id: like, type: 'dislike', comment: review }]);

    expect((await reader.call('PUT', '/site/reactions', { comment: review, type: null })).status).toBe(200);
    const again = await rt.waitFor(about('c', review), 'the review read again');
    expect(again.data).toEqual([{ id: review, title: published.id, reactions: [] }]);
    expect(rt.frames.filter((f) => f.event === 'delete')).toEqual([]);
  });

  it('hears nothing more of a review once its title is a draft: not its edit, reply, like or its taking back, nor its deletion outright', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'visitor');
    // Every event, deletions included, as an attacker would ask.
    expect((await subscribe(rt, 'c', 'comments', { fields: ['id', 'text', 'title', 'comment'] })).event).toBe('init');
    expect((await subscribe(rt, 'r', 'reactions', { fields: ['id', 'comment'] })).event).toBe('init');

    // A title taken back to draft after it was reviewed: its review, a like, an edit and a deletion outright.
    const api = await admin();
    const withdrawn = await newTitle();
    const hidden = (await author.call('POST', '/items/comments', { text: 'Черновой отзыв', title: withdrawn.id })).data.id;
    await rt.waitFor(about('c', hidden), 'the review while its title was published');
    await api.patch(`/items/titles/${withdrawn.id}`, { status: 'draft' });
    const earlier = rt.frames.length;
    await api.patch(`/items/comments/${hidden}`, { text: 'Черновой отзыв, правка' });
    const hiddenLike = (await api.post<{ id: number }>('/items/reactions', { type: 'like', comment: hidden })).id;
    await api.post('/items/comments', { text: 'Черновой ответ', comment: hidden });
    await api.delete(`/items/reactions/${hiddenLike}`);
    expect((await editor.call('DELETE', `/items/comments/${hidden}`)).status).toBe(204);

    // Events reach a subscriber in the order they happened: once these later ones arrived, the draft's turn is over.
    const shown = (await author.call('POST', '/items/comments', { text: 'Видимый отзыв', title: published.id })).data.id;
    await rt.waitFor(about('c', shown), 'the published title\'s review');
    const shownLike = (await reader.call('POST', '/items/reactions', { type: 'like', comment: shown })).data.id;
    await rt.waitFor(about('r', shownLike), 'the published review\'s like');

    const after = rt.frames.slice(earlier);
    expect(rowsOf(after, 'c').filter((row) => row.id === hidden || row.comment === hidden)).toEqual([]);
    expect(rowsOf(after, 'r').filter((row) => row.id === hiddenLike || row.comment === hidden)).toEqual([]);
    expect(rt.frames.filter((f) => f.event === 'delete')).toEqual([]);
    expect(JSON.stringify(after)).not.toContain('Черновой');
  });

  it('is refused subscriptions that could only learn of what they cannot read', async () => {
    const rt = await Realtime.visitor(baseUrl(), 'visitor');
    const hidden = (await (await admin()).post<{ id: number }>('/items/comments', { text: 'Ещё черновик', title: draft.id })).id;
    const refusals: [string, string, Record<string, unknown>, string?][] = [
      // One review: Directus would announce its deletion by id to anyone.
      ['one', 'comments', { fields: ['id'] }],
      // A filter through the title's status: whether a draft has reviews.
      ['through-title', 'comments', { fields: ['id'], filter: { title: { status: { _eq: 'draft' } } } }],
      ['through-title-create', 'comments', { fields: ['id'], filter: { title: { status: { _eq: 'draft' } } } }, 'create'],
      // A field visitors do not read: its error at every event would tell when hidden rows change.
      ['who-liked', 'reactions', { fields: ['id', 'user_created'] }, 'create'],
      ['chat', 'messages', { fields: ['id'] }, 'create'],
    ];
    for (const [uid, collection, query, event] of refusals) {
      const message = { type: 'subscribe', uid, collection, query, ...(event ? { event } : {}), ...(uid === 'one' ? { item: hidden } : {}) };
      rt.send(message);
      const answer = await rt.waitFor(answered(uid), `the answer to ${uid}`);
      expect(answer.status, uid).toBe('error');
    }
  });
});

describe('a review an editor deletes outright', () => {
  it('is heard with the replies that go with it by visitors and readers; a draft\'s, and a reaction taken back, by nobody', async () => {
    const visitor = await Realtime.visitor(baseUrl(), 'visitor');
    const signedIn = await Realtime.open(baseUrl(), reader.token, 'reader');
    const query = { fields: ['id'], filter: { title: { _nnull: true } } };
    for (const rt of [visitor, signedIn]) expect((await subscribe(rt, 'gone', 'comments', query, 'delete')).event).toBe('init');
    // Every event, as an attacker would ask.
    expect((await subscribe(visitor, 'all', 'comments', { fields: ['id'], limit: 1 })).event).toBe('init');
    expect((await subscribe(visitor, 'likes', 'reactions', { fields: ['id'], limit: 1 })).event).toBe('init');

    const api = await admin();
    const review = (await author.call('POST', '/items/comments', { text: 'Отзыв, который удалит редактор', title: published.id })).data.id;
    const reply = (await reader.call('POST', '/items/comments', { text: 'Ответ на него', comment: review })).data.id;
    // Its like goes with it, and is not told.
    expect((await reader.call('POST', '/items/reactions', { type: 'like', comment: review })).status).toBe(200);
    // A review its author deleted, kept for its reply: nobody counted it.
    const kept = (await author.call('POST', '/items/comments', { text: 'Удалённый автором', title: published.id })).data.id;
    const keptReply = (await reader.call('POST', '/items/comments', { text: 'Ответ удалённому', comment: kept })).data.id;
    expect((await author.call('PATCH', `/items/comments/${kept}`, { deleted: true })).status).toBe(200);
    const hidden = (await api.post<{ id: number }>('/items/comments', { text: 'Отзыв черновика', title: draft.id })).id;
    const hiddenReply = (await api.post<{ id: number }>('/items/comments', { text: 'Ответ в черновике', comment: hidden })).id;
    const hiddenToo = (await api.post<{ id: number }>('/items/comments', { text: 'Ещё отзыв черновика', title: draft.id })).id;
    const shownToo = (await author.call('POST', '/items/comments', { text: 'Второй отзыв под удаление', title: published.id })).data.id;
    await visitor.waitFor(about('all', shownToo), 'the last review written');

    expect((await editor.call('DELETE', `/items/comments/${review}`)).status).toBe(204);
    const heard = [{ id: review, title: published.id, deleted: false }, { id: reply, title: published.id, deleted: false }];
    for (const rt of [visitor, signedIn]) {
      const frame = await rt.waitFor(about('gone', review), `${rt.label}: the deletion`);
      expect(frame.event).toBe('delete');
      expect(frame.data).toEqual(heard);
    }
    expect((await visitor.waitFor((f) => about('all', review)(f) && f.event === 'delete', 'the deletion, to every event')).data).toEqual(heard);

    expect((await editor.call('DELETE', `/items/comments/${hidden}`)).status).toBe(204);
    expect((await editor.call('DELETE', '/items/comments', [hiddenToo, shownToo, kept])).status).toBe(204);
    const both = await visitor.waitFor(about('gone', shownToo), 'the deletion of several');
    expect(both.data).toEqual([
      { id: shownToo, title: published.id, deleted: false },
      { id: kept, title: published.id, deleted: true },
      { id: keptReply, title: published.id, deleted: false },
    ]);
    // Taken back: a reaction's deletion is told as its review read again, never as a deletion.
    const other = (await author.call('POST', '/items/comments', { text: 'Для реакции', title: published.id })).data.id;
    const otherLike = (await reader.call('POST', '/items/reactions', { type: 'like', comment: other })).data.id;
    expect((await reader.call('DELETE', `/items/reactions/${otherLike}`)).status).toBe(204);

    // Events reach a subscriber in the order they happened: once this later one arrived, the others' turn is over.
    const last = (await author.call('POST', '/items/comments', { text: 'Последний отзыв', title: published.id })).data.id;
    await visitor.waitFor(about('all', last), 'the review written last');
    const deletions = visitor.frames.filter((f) => f.event === 'delete');
    expect(deletions.map((f) => [f.uid, f.data.map((row: Frame) => row.id)])).toEqual([
      ['gone', [review, reply]], ['all', [review, reply]], ['gone', [shownToo, kept, keptReply]], ['all', [shownToo, kept, keptReply]],
    ]);
    // Nothing of the draft's, whichever way asked.
    for (const id of [hidden, hiddenReply, hiddenToo]) expect(rowsOf(visitor.frames, 'all').map((row) => row.id)).not.toContain(id);
  });
});

describe('a socket whose sign-in fails', () => {
  it('reads as a visitor from then on: a subscription asking for a private field learns nothing', async () => {
    const rt = await Realtime.open(baseUrl(), reader.token, 'reader');
    // Posts are read in full, so Directus serves the subscription itself; with 'create' it reads nothing yet.
    expect((await subscribe(rt, 'emails', 'posts', { fields: ['id', 'user_created.email'] }, 'create')).event).toBe('init');
    expect((await subscribe(rt, 'ids', 'posts', { fields: ['id'] }, 'create')).event).toBe('init');
    rt.send({ type: 'auth', access_token: 'not-a-token' });
    await rt.waitFor((f) => f.type === 'auth' && f.status === 'error', 'the refused sign-in');

    const post = (await author.call('POST', '/items/posts', { text: 'Запись после неудачного входа' })).data.id;
    // The connection stays open as a visitor's; the later subscription hears the post.
    await rt.waitFor(about('ids', post), 'the post as a visitor hears it');
    expect(JSON.stringify(rt.frames)).not.toContain(author.email);
    expect(rowsOf(rt.frames, 'emails')).toEqual([]);
  });
});
