/**
 * Pictures one message, review or post carries: at most PICTURES_MAX, attached with it or later, each
 * once, in a place among them from 0 to PICTURES_MAX, and never to one deleted.
 */
import { describe, expect, it } from 'vitest';
import { PARENT_DELETED, PICTURE_ATTACHED, PICTURE_PLACE } from '../../directus/extensions/site-rules/src/files.ts';
import { PICTURES_MAX } from '../../shared/rules.ts';
import { newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { countRows, expectNothingStored, expectRefused, uploadAs } from '../support/fixtures.ts';

async function pictures(person: TestUser, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await uploadAs(person, pngBytes(), 'image/png', `p${i}.png`)).data.id);
  return ids;
}
const attached = (ids: string[]) => ids.map((id) => ({ directus_files_id: id }));

describe(`pictures on one message, review or post: at most ${PICTURES_MAX}`, () => {
  const CAP = `Не больше ${PICTURES_MAX} картинок в одном сообщении, отзыве или записи`;

  it('a message of one more is refused and stores nothing; one of the cap is kept, and no picture is added to it later', async () => {
    const person = await newUser();
    const ids = await pictures(person, PICTURES_MAX + 1);
    const over = await expectNothingStored('messages', {}, () => person.call('POST', '/items/messages', { text: 'Фото', images: attached(ids) }));
    expectRefused(over, 400, CAP);
    const kept = await person.call('POST', '/items/messages', { text: 'Фото', images: attached(ids.slice(0, PICTURES_MAX)) });
    expect(kept.status).toBe(200);
    const later = await person.call('POST', '/items/messages_files', { messages_id: kept.data.id, directus_files_id: ids[PICTURES_MAX] });
    expectRefused(later, 400, CAP);
    expect(await countRows('messages_files', { messages_id: { _eq: kept.data.id } })).toBe(PICTURES_MAX);
  });

  it('a review and a post of one more are refused', async () => {
    const person = await newUser();
    const title = await newTitle();
    const ids = await pictures(person, PICTURES_MAX + 1);
    expectRefused(await expectNothingStored('comments', {}, () => person.call('POST', '/items/comments', { text: 'Отзыв', title: title.id, images: attached(ids) })), 400, CAP);
    expectRefused(await expectNothingStored('posts', {}, () => person.call('POST', '/items/posts', { text: 'Запись', images: attached(ids) })), 400, CAP);
  });
});

describe('a picture attached later', () => {
  /** A message, a review and a post of `person`'s, each without pictures: the junction and the parent's field. */
  async function parents(person: TestUser) {
    const title = await newTitle();
    return [
      { junction: 'messages_files', field: 'messages_id', collection: 'messages', id: (await person.call('POST', '/items/messages', { text: 'Сообщение' })).data.id },
      { junction: 'comments_files', field: 'comments_id', collection: 'comments', id: (await person.call('POST', '/items/comments', { text: 'Отзыв', title: title.id })).data.id },
      { junction: 'posts_files', field: 'posts_id', collection: 'posts', id: (await person.call('POST', '/items/posts', { text: 'Запись' })).data.id },
    ];
  }

  it(`takes a place from 0 to ${PICTURES_MAX}, and nothing else there`, async () => {
    const person = await newUser();
    const [picture] = await pictures(person, 1);
    for (const parent of await parents(person)) {
      for (const sort of ['x'.repeat(100_000), '1', [1], { a: 1 }, 1.5, -1, PICTURES_MAX + 1, true]) {
        const res = await expectNothingStored(parent.junction, {}, () => person.call('POST', `/items/${parent.junction}`, { [parent.field]: parent.id, directus_files_id: picture, sort }));
        expectRefused(res, 400, PICTURE_PLACE);
      }
      expect((await person.call('POST', `/items/${parent.junction}`, { [parent.field]: parent.id, directus_files_id: picture, sort: PICTURES_MAX })).status).toBe(200);
    }
  });

  it('is attached to one message, review or post once, later or with it', async () => {
    const person = await newUser();
    const [picture] = await pictures(person, 1);
    for (const parent of await parents(person)) {
      expect((await person.call('POST', `/items/${parent.junction}`, { [parent.field]: parent.id, directus_files_id: picture })).status).toBe(200);
      const again = await expectNothingStored(parent.junction, {}, () => person.call('POST', `/items/${parent.junction}`, { [parent.field]: parent.id, directus_files_id: picture }));
      expectRefused(again, 400, PICTURE_ATTACHED);
      expect(await countRows(parent.junction, { [parent.field]: { _eq: parent.id } })).toBe(1);
    }
    const twice = await expectNothingStored('messages', {}, () => person.call('POST', '/items/messages', { text: 'Дважды', images: attached([picture, picture]) }));
    expectRefused(twice, 400, PICTURE_ATTACHED);
  });

  it('is refused on a deleted message or review, which keeps no picture', async () => {
    const person = await newUser();
    const [picture] = await pictures(person, 1);
    for (const parent of (await parents(person)).filter((p) => p.collection !== 'posts')) {
      expect((await person.call('PATCH', `/items/${parent.collection}/${parent.id}`, { deleted: true })).status).toBe(200);
      const res = await expectNothingStored(parent.junction, {}, () => person.call('POST', `/items/${parent.junction}`, { [parent.field]: parent.id, directus_files_id: picture }));
      // A deleted review keeps no author, so it is nobody's own to attach to.
      if (parent.collection === 'comments') expectRefused(res, 403);
      else expectRefused(res, 400, PARENT_DELETED);
    }
  });
});
