/** Pictures one message, review or post carries: at most PICTURES_MAX, attached with it or later. */
import { describe, expect, it } from 'vitest';
import { PICTURES_MAX } from '../../shared/rules.ts';
import { newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { countRows, expectNothingStored, expectRefused, uploadAs } from '../support/fixtures.ts';

describe(`pictures on one message, review or post: at most ${PICTURES_MAX}`, () => {
  const CAP = `Не больше ${PICTURES_MAX} картинок в одном сообщении, отзыве или записи`;
  async function pictures(person: TestUser, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await uploadAs(person, pngBytes(), 'image/png', `p${i}.png`)).data.id);
    return ids;
  }
  const attached = (ids: string[]) => ids.map((id) => ({ directus_files_id: id }));

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
