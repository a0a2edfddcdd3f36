/** Value rules: bad input gets a 4xx with a Russian reason and stores nothing. */
import { beforeAll, describe, expect, it } from 'vitest';
import { MARK_TYPES, TEXT_LIMITS } from '../../shared/rules.ts';
import { ADULTS_ONLY, DOB_ERROR } from '../../shared/dob.ts';
import { normaliseSearch } from '../../shared/search-text.ts';
import { EMBED_ADDRESS_ERROR } from '../../shared/embed-address.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { SUBCATEGORY_ELSEWHERE, categoryInUse } from '../../directus/extensions/site-rules/src/title-categories.ts';
import { titleKeptForMembers } from '../../directus/extensions/site-rules/src/title-removal.ts';
import { TAXONOMY_IN_USE } from '../../directus/extensions/site-rules/src/taxonomy-removal.ts';
import { admin, call, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused, timestampMs, uploadAs, words } from '../support/fixtures.ts';

let user: TestUser;
let someone: TestUser;
let title: { id: number; slug: string };

beforeAll(async () => {
  [user, someone] = await Promise.all([newUser(), newUser()]);
  title = await newTitle();
});

describe('texts of reviews, posts and messages', () => {
  it.each(['', '   ', '\n\t  ', '\u200b', '\u3164 \u2800', '\u00ad', '\u034f\ufe0f', '\u17b5', '\u0301\u0308', '\ufffc'])('refuses a blank review %j', async (text) => {
    const res = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { text, title: title.id }));
    expectRefused(res, 400, 'Комментарий не может быть пустым');
  });

  it('refuses a review without text', async () => {
    const res = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { title: title.id }));
    expectRefused(res, 400, 'Комментарий не может быть пустым');
  });

  it('refuses a review over the length cap and takes one at the cap', async () => {
    const long = await expectNothingStored('comments', {}, () =>
      user.call('POST', '/items/comments', { text: words(TEXT_LIMITS.comment + 1), title: title.id }));
    expectRefused(long, 400, `Комментарий длиннее ${TEXT_LIMITS.comment} символов`);
    const atCap = await user.call('POST', '/items/comments', { text: words(TEXT_LIMITS.comment), title: title.id });
    expect(atCap.status).toBe(200);
    expect(atCap.data.text).toHaveLength(TEXT_LIMITS.comment);
  });

  it('stores a review trimmed', async () => {
    const res = await user.call('POST', '/items/comments', { text: '  Хорошая история  \n', title: title.id });
    expect((await adminRead('comments', res.data.id, 'text')).text).toBe('Хорошая история');
  });

  it('refuses a review on both a title and a post, or on neither', async () => {
    const post = await user.call('POST', '/items/posts', { text: 'Запись для отзыва' });
    const both = await expectNothingStored('comments', {}, () =>
      user.call('POST', '/items/comments', { text: 'Куда?', title: title.id, post: post.data.id }));
    expectRefused(both, 400, 'Комментарий относится либо к сериалу или фильму, либо к записи');
    const neither = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { text: 'Никуда' }));
    expectRefused(neither, 400, 'Комментарий относится либо к сериалу или фильму, либо к записи');
  });

  it('refuses a review under a draft title, and visitors never see reviews of drafts', async () => {
    const draft = await newTitle({ status: 'draft' });
    const res = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { text: 'Рано', title: draft.id }));
    expectRefused(res, 400, 'Сериал или фильм не найден');
    const editorsNote = await (await admin()).post<{ id: number }>('/items/comments', { text: 'Черновой отзыв', title: draft.id });
    const seen = await call('GET', `/items/comments?filter[id][_eq]=${editorsNote.id}&fields=id`);
    expect(seen.status).toBe(200);
    expect(seen.data).toEqual([]);
  });

  it('refuses a reply to a comment that does not exist', async () => {
    const res = await expectNothingStored('comments', {}, () =>
      user.call('POST', '/items/comments', { text: 'Ответ', comment: 99_999_999 }));
    expectRefused(res, 400, 'Комментарий, на который вы отвечаете, не найден');
  });

  it('says a review was deleted only where the writer may see it: under a draft it is as missing as any', async () => {
    const title = await newTitle();
    const review = (await user.call('POST', '/items/comments', { text: 'Отзыв', title: title.id })).data.id;
    expect((await user.call('PATCH', `/items/comments/${review}`, { deleted: true })).status).toBe(200);
    expectRefused(await user.call('POST', '/items/comments', { text: 'Ответ', comment: review }), 400, 'Комментарий, на который вы отвечаете, удалён');
    await (await admin()).patch(`/items/titles/${title.id}`, { status: 'draft' });
    const res = await expectNothingStored('comments', {}, () => user.call('POST', '/items/comments', { text: 'Ответ', comment: review }));
    expectRefused(res, 400, 'Комментарий, на который вы отвечаете, не найден');
  });

  it.each(['', '    ', '\u200b\u200d'])('refuses a blank post %j', async (text) => {
    const res = await expectNothingStored('posts', {}, () => user.call('POST', '/items/posts', { text }));
    expectRefused(res, 400, 'Запись не может быть пустой');
  });

  it('refuses a post over the length cap', async () => {
    const res = await expectNothingStored('posts', {}, () => user.call('POST', '/items/posts', { text: words(TEXT_LIMITS.post + 1) }));
    expectRefused(res, 400, `Запись длиннее ${TEXT_LIMITS.post} символов`);
  });

  it.each([{}, { text: '' }, { text: '   ' }, { text: '  ', images: [] }, { text: '\u200b\ufeff' }])('refuses a message with no text and no images %j', async (body) => {
    const res = await expectNothingStored('messages', {}, () => user.call('POST', '/items/messages', body));
    expectRefused(res, 400, 'Сообщение не может быть пустым');
  });

  it('refuses a message over the length cap', async () => {
    const res = await expectNothingStored('messages', {}, () => user.call('POST', '/items/messages', { text: words(TEXT_LIMITS.message + 1) }));
    expectRefused(res, 400, `Сообщение длиннее ${TEXT_LIMITS.message} символов`);
  });

  it('takes a message with an image and no text, in either shape Directus accepts', async () => {
    const file = await uploadAs(user, pngBytes(), 'image/png', 'chat.png');
    const list = await user.call('POST', '/items/messages', { images: [{ directus_files_id: file.data.id }] });
    expect(list.status).toBe(200);
    const detailed = await user.call('POST', '/items/messages', { text: '', images: { create: [{ directus_files_id: file.data.id }], update: [], delete: [] } });
    expect(detailed.status).toBe(200);
    for (const id of [list.data.id, detailed.data.id]) {
      expect(await adminRead('messages', id, 'images.directus_files_id')).toEqual({ images: [{ directus_files_id: file.data.id }] });
    }
  });

  it('refuses editing a message to blank', async () => {
    const msg = await user.call('POST', '/items/messages', { text: 'Было' });
    expectRefused(await user.call('PATCH', `/items/messages/${msg.data.id}`, { text: '  ' }), 400, 'Сообщение не может быть пустым');
    expect((await adminRead('messages', msg.data.id, 'text')).text).toBe('Было');
  });

  it('refuses attaching an image to someone else\'s review, post or message', async () => {
    const file = await uploadAs(user, pngBytes(), 'image/png', 'sticker.png');
    const comment = await someone.call('POST', '/items/comments', { text: 'Без картинок', title: title.id });
    const post = await someone.call('POST', '/items/posts', { text: 'Без картинок' });
    const msg = await someone.call('POST', '/items/messages', { text: 'Без картинок' });
    for (const [junction, key, id] of [['comments_files', 'comments_id', comment.data.id], ['posts_files', 'posts_id', post.data.id], ['messages_files', 'messages_id', msg.data.id]]) {
      const res = await expectNothingStored(junction, {}, () => user.call('POST', `/items/${junction}`, { [key]: id, directus_files_id: file.data.id }));
      expectRefused(res, 403);
    }
  });

  it('takes images on your own review and post', async () => {
    const file = await uploadAs(user, pngBytes(), 'image/png', 'review.png');
    const comment = await user.call('POST', '/items/comments', { text: 'С картинкой', title: title.id, images: [{ directus_files_id: file.data.id }] });
    const post = await user.call('POST', '/items/posts', { text: 'С картинкой', images: [{ directus_files_id: file.data.id }] });
    expect(comment.status).toBe(200);
    expect(post.status).toBe(200);
    expect(await adminRead('posts', post.data.id, 'images.directus_files_id')).toEqual({ images: [{ directus_files_id: file.data.id }] });
  });
});

describe('ratings', () => {
  it.each([0, 6, 2.5, -1, 'пять', null])('refuses rating %j', async (rating) => {
    const res = await expectNothingStored('ratings', { title: { _eq: title.id } }, () =>
      user.call('POST', '/items/ratings', { rating, title: title.id }));
    expectRefused(res, 400, 'Оценка должна быть от 1 до 5');
  });

  it.each([1, 5])('takes rating %i', async (rating) => {
    const voter = await newUser();
    const res = await voter.call('POST', '/items/ratings', { rating, title: title.id });
    expect(res.status).toBe(200);
    expect(res.data.rating).toBe(rating);
  });

  it('refuses a second rating of the same title', async () => {
    const voter = await newUser();
    expect((await voter.call('POST', '/items/ratings', { rating: 3, title: title.id })).status).toBe(200);
    const res = await expectNothingStored('ratings', { title: { _eq: title.id } }, () =>
      voter.call('POST', '/items/ratings', { rating: 4, title: { id: title.id } }));
    expectRefused(res, 400, 'Вы уже поставили оценку');
    expect(await countRows('ratings', { title: { _eq: title.id }, user_created: { _eq: voter.id } })).toBe(1);
  });

  it('refuses a rating without a title', async () => {
    const res = await expectNothingStored('ratings', {}, () => user.call('POST', '/items/ratings', { rating: 3 }));
    expectRefused(res, 400, 'Не указан сериал или фильм');
  });
});

describe('list marks, actor favourites and reactions', () => {
  it.each(['Любимое', 'favorite', '', 'избранное'])('refuses mark type %j', async (type) => {
    const res = await expectNothingStored('favorites', {}, () => user.call('POST', '/items/favorites', { type, title: title.id }));
    expectRefused(res, 400, 'Неизвестный тип отметки');
  });

  it('takes each of the five mark types once on one title', async () => {
    const marker = await newUser();
    for (const type of MARK_TYPES) expect((await marker.call('POST', '/items/favorites', { type, title: title.id })).status).toBe(200);
    expect(await countRows('favorites', { user_created: { _eq: marker.id } })).toBe(MARK_TYPES.length);
  });

  it('refuses a duplicate mark', async () => {
    const marker = await newUser();
    await marker.call('POST', '/items/favorites', { type: 'Смотрю', title: title.id });
    const res = await expectNothingStored('favorites', {}, () => marker.call('POST', '/items/favorites', { type: 'Смотрю', title: title.id }));
    expectRefused(res, 400, 'Уже в списке «Смотрю»');
  });

  it('refuses a duplicate actor favourite', async () => {
    const actor = await (await admin()).post('/items/actors', { slug: `rules-actor-${Date.now()}`, nameRu: 'Актриса' });
    expect((await user.call('POST', '/items/favoriteActors', { actor: actor.id })).status).toBe(200);
    const res = await expectNothingStored('favoriteActors', {}, () => user.call('POST', '/items/favoriteActors', { actor: actor.id }));
    expectRefused(res, 400, 'Актёр уже в избранном');
  });

  describe('reactions', () => {
    let commentId: number;
    let postId: number;

    beforeAll(async () => {
      commentId = (await someone.call('POST', '/items/comments', { text: 'Оцените', title: title.id })).data.id;
      postId = (await someone.call('POST', '/items/posts', { text: 'Оцените запись' })).data.id;
    });

    it.each(['love', 'Like', '', 'лайк'])('refuses reaction type %j', async (type) => {
      const res = await expectNothingStored('reactions', {}, () => user.call('POST', '/items/reactions', { type, comment: commentId }));
      expectRefused(res, 400, 'Реакция может быть только like или dislike');
    });

    it('refuses a reaction on both a comment and a post', async () => {
      const res = await expectNothingStored('reactions', {}, () =>
        user.call('POST', '/items/reactions', { type: 'like', comment: commentId, post: postId }));
      expectRefused(res, 400, 'Реакция ставится либо на комментарий, либо на запись');
    });

    it('refuses a reaction on neither', async () => {
      const res = await expectNothingStored('reactions', {}, () => user.call('POST', '/items/reactions', { type: 'like' }));
      expectRefused(res, 400, 'Реакция ставится либо на комментарий, либо на запись');
    });

    it('takes one reaction on a comment and one on a post, then refuses a second of each', async () => {
      expect((await user.call('POST', '/items/reactions', { type: 'like', comment: commentId })).status).toBe(200);
      expect((await user.call('POST', '/items/reactions', { type: 'dislike', post: postId })).status).toBe(200);
      for (const target of [{ comment: commentId }, { post: postId }]) {
        const res = await expectNothingStored('reactions', {}, () => user.call('POST', '/items/reactions', { type: 'dislike', ...target }));
        expectRefused(res, 400, 'Вы уже оценили это');
      }
      expect(await countRows('reactions', { user_created: { _eq: user.id } })).toBe(2);
    });

    it('keeps a like on a review since deleted as it was: turning it over is refused, taking it back is not', async () => {
      const review = (await someone.call('POST', '/items/comments', { text: 'Скоро удалю', title: title.id })).data.id;
      const liked = await user.call('PUT', '/site/reactions', { comment: review, type: 'like' });
      expect(liked.status).toBe(200);
      expect((await someone.call('PATCH', `/items/comments/${review}`, { deleted: true })).status).toBe(200);
      const reaction = liked.data.after.id;
      for (const flip of [() => user.call('PUT', '/site/reactions', { comment: review, type: 'dislike' }), () => user.call('PATCH', `/items/reactions/${reaction}`, { type: 'dislike' })]) {
        expectRefused(await flip(), 400, 'Комментарий удалён');
        expect((await adminRead('reactions', reaction, 'type')).type).toBe('like');
      }
      expect((await user.call('PUT', '/site/reactions', { comment: review, type: null })).status).toBe(200);
      expect(await countRows('reactions', { id: { _eq: reaction } })).toBe(0);
    });
  });
});

describe('profile values', () => {
  it.each(['2023-02-30', '1899-12-31', '2101-01-01', '2023-13-01', '2023-00-10', '31.12.1990', 'завтра', '19900101'])(
    'refuses date of birth %j',
    async (dob) => {
      const res = await user.call('PATCH', '/users/me', { dob });
      expectRefused(res, 400, DOB_ERROR);
      expect((await adminRead('directus_users', user.id, 'dob')).dob).toBeNull();
    },
  );

  it.each(['1900-01-01', '2000-02-29'])('stores date of birth %j', async (dob) => {
    const person = await newUser();
    expect((await person.call('PATCH', '/users/me', { dob })).status).toBe(200);
    expect((await adminRead('directus_users', person.id, 'dob')).dob).toBe(dob);
  });

  it('takes the last date of the range from the admin, and refuses it to a person as a child\'s', async () => {
    const person = await newUser();
    expectRefused(await person.call('PATCH', '/users/me', { dob: '2100-12-31' }), 400, ADULTS_ONLY);
    expect((await asAdmin('PATCH', `/users/${person.id}`, { dob: '2100-12-31' })).status).toBe(200);
    expect((await adminRead('directus_users', person.id, 'dob')).dob).toBe('2100-12-31');
  });

  it('refuses an impossible date of birth from the admin too', async () => {
    const res = await asAdmin('PATCH', `/users/${user.id}`, { dob: '2023-02-30' });
    expectRefused(res, 400, DOB_ERROR);
  });

  it.each(['Другой', 'мужской', 'Male', ''])('refuses gender %j', async (gender) => {
    const res = await user.call('PATCH', '/users/me', { gender });
    expectRefused(res, 400, 'Пол: Мужской или Женский');
    expect((await adminRead('directus_users', user.id, 'gender')).gender).toBeNull();
  });

  it.each(['Мужской', 'Женский'])('stores gender %s', async (gender) => {
    expect((await user.call('PATCH', '/users/me', { gender })).status).toBe(200);
    expect((await adminRead('directus_users', user.id, 'gender')).gender).toBe(gender);
  });

  it('refuses a person emptying their login, email, date of birth or gender, and keeps each', async () => {
    const person = await newUser(undefined, { dob: '1990-05-05', gender: 'Женский' });
    const kept = await adminRead('directus_users', person.id, 'login,email,dob,gender');
    for (const field of ['login', 'email', 'dob', 'gender']) {
      for (const value of [null, '', '   ']) {
        const res = await person.call('PATCH', '/users/me', { [field]: value });
        expect(res.status, `${field}: ${JSON.stringify(value)}`).toBe(400);
      }
    }
    expect(await adminRead('directus_users', person.id, 'login,email,dob,gender')).toEqual(kept);
    expect((await asAdmin('PATCH', `/users/${person.id}`, { gender: null })).status).toBe(200);
  });

  it.each(['ab', 'плохой', 'with space', 'semi;colon', 'a'.repeat(33), '<script>'])('refuses login %j', async (login) => {
    const res = await user.call('PATCH', '/users/me', { login });
    expectRefused(res, 400, 'Логин: от 3 до 32');
    expect((await adminRead('directus_users', user.id, 'login')).login).toBe(user.login);
  });

  it('refuses a login taken in another case', async () => {
    const owner = await newUser();
    const upper = `Taken${Date.now().toString(36)}`;
    expect((await owner.call('PATCH', '/users/me', { login: upper })).status).toBe(200);
    for (const variant of [upper.toLowerCase(), upper.toUpperCase(), upper]) {
      const res = await user.call('PATCH', '/users/me', { login: variant });
      expectRefused(res, 400, 'Логин уже занят');
    }
    expect(await countRows('directus_users', { login: { _eq: upper } })).toBe(1);
    expect((await adminRead('directus_users', user.id, 'login')).login).toBe(user.login);
  });

  it('refuses a login that reads like a taken one (capital I, 1 and l; 0 and o)', async () => {
    const owner = await newUser();
    const stamp = Date.now().toString(36);
    expect((await owner.call('PATCH', '/users/me', { login: `lola_${stamp}` })).status).toBe(200);
    for (const lookalike of [`I0la_${stamp}`, `1oIa_${stamp}`, `LOLA_${stamp}`]) {
      expectRefused(await user.call('PATCH', '/users/me', { login: lookalike }), 400, 'Логин уже занят');
    }
    expect((await adminRead('directus_users', user.id, 'login')).login).toBe(user.login);
    expect((await (await newUser()).call('PATCH', '/users/me', { login: `iola_${stamp}` })).status).toBe(200);
  });

  it('refuses a taken login when the admin creates a user', async () => {
    const res = await expectNothingStored('directus_users', {}, () => asAdmin('POST', '/users', {
      email: `dup-${Date.now()}@example.com`, password: 'secret-password-1', login: user.login.toUpperCase(),
    }));
    expectRefused(res, 400, 'Логин уже занят');
  });

  it('keeps your own login when you save it again in another case', async () => {
    const res = await user.call('PATCH', '/users/me', { login: user.login.toUpperCase() });
    expect(res.status).toBe(200);
    expect((await adminRead('directus_users', user.id, 'login')).login).toBe(user.login.toUpperCase());
    await user.call('PATCH', '/users/me', { login: user.login });
  });

  it('stores a name or «О себе» of invisible characters as none, so the profile shows no empty block', async () => {
    const res = await user.call('PATCH', '/users/me', { first_name: '\u200b', last_name: '\u3164', aboutMe: '\u2800\u200b\ufffc' });
    expect(res.status).toBe(200);
    expect(await adminRead('directus_users', user.id, 'first_name,last_name,aboutMe')).toEqual({ first_name: null, last_name: null, aboutMe: null });
  });

  it('refuses an about-me over the cap', async () => {
    const res = await user.call('PATCH', '/users/me', { aboutMe: words(TEXT_LIMITS.aboutMe + 1) });
    expectRefused(res, 400, `«О себе» длиннее ${TEXT_LIMITS.aboutMe} символов`);
  });

  it('records a presence ping with the server clock, not the one sent', async () => {
    const res = await user.call('PATCH', '/users/me', { last_access: '2001-01-01T00:00:00Z' });
    expect(res.status).toBe(200);
    const stored = timestampMs((await adminRead('directus_users', user.id, 'last_access')).last_access);
    expect(Math.abs(Date.now() - stored)).toBeLessThan(60_000);
  });
});

describe('titles', () => {
  it.each(['about', 'login', 'not-found', 'profile', 'messages', 'updates', 'categories', 'titles', 'actors', 'tag', 'embed'])(
    'refuses slug %j that shadows a route, for the admin too',
    async (slug) => {
      const res = await expectNothingStored('titles', {}, () =>
        asAdmin('POST', '/items/titles', { slug, name: 'Тайтл с занятым адресом', status: 'published' }));
      expectRefused(res, 400, `Адрес «${slug}» занят страницей сайта`);
    },
  );

  it.each(['Большие Буквы', 'с пробелом', 'кириллица', '-dash-first', 'a--b'])('refuses malformed slug %j', async (slug) => {
    const res = await expectNothingStored('titles', {}, () => asAdmin('POST', '/items/titles', { slug, name: 'Кривой адрес' }));
    expectRefused(res, 400, 'Адрес может содержать только латинские буквы, цифры и дефисы');
  });

  describe('player addresses, framed on every viewer\'s page', () => {
    const hostile = ['javascript:parent.alert(document.domain)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '/profile/edit', '//evil.example/embed/x'];
    let editor: TestUser;
    beforeAll(async () => { editor = await newUser(EDITOR_ROLE); });

    it.each(hostile)('refuses %j for a title, an episode and an episode made with its title, storing nothing', async (address) => {
      for (const field of ['iframe', 'iframeSeries']) {
        const res = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: 'Плеер', status: 'draft', [field]: address }));
        expectRefused(res, 400, EMBED_ADDRESS_ERROR);
      }
      const res = await expectNothingStored('series', {}, () => editor.call('POST', '/items/series', { title: title.id, name: '2 серия', iframe: address }));
      expectRefused(res, 400, EMBED_ADDRESS_ERROR);
      const nested = await expectNothingStored('titles', {}, () =>
        editor.call('POST', '/items/titles', { name: 'Плеер', status: 'draft', series: { create: [{ name: '1 серия', iframe: address }] } }));
      expectRefused(nested, 400, EMBED_ADDRESS_ERROR);
    });

    it('keeps an episode\'s address when a change names a hostile one, for the admin too', async () => {
      const episode = (await editor.call('POST', '/items/series', { title: title.id, name: '3 серия', iframe: 'https://player.example/3' })).data;
      expectRefused(await editor.call('PATCH', `/items/series/${episode.id}`, { iframe: hostile[0] }), 400, EMBED_ADDRESS_ERROR);
      expectRefused(await asAdmin('PATCH', `/items/series/${episode.id}`, { iframe: hostile[2] }), 400, EMBED_ADDRESS_ERROR);
      expect((await adminRead('series', episode.id, 'iframe')).iframe).toBe('https://player.example/3');
      expect((await editor.call('PATCH', `/items/series/${episode.id}`, { iframe: '/embed/player.html?v=1' })).status).toBe(200);
      expect((await editor.call('PATCH', `/items/series/${episode.id}`, { iframe: null })).status).toBe(200);
    });
  });

  describe('a subcategory of the title\'s own category', () => {
    let editor: TestUser;
    let anime: { id: number };
    let dramas: { id: number };
    let animeSeries: { id: number };
    let korean: { id: number };
    beforeAll(async () => {
      editor = await newUser(EDITOR_ROLE);
      const a = await admin();
      const stamp = Math.random().toString(36).slice(2, 8).replace(/\d/g, '');
      [anime, dramas] = await Promise.all([a.post('/items/categories', { name: `Аниме ${stamp}` }), a.post('/items/categories', { name: `Дорамы ${stamp}` })]);
      [animeSeries, korean] = await Promise.all([
        a.post('/items/subCategories', { name: `Аниме-сериалы ${stamp}`, category: anime.id }),
        a.post('/items/subCategories', { name: `Корейские ${stamp}`, category: dramas.id }),
      ]);
    });

    it('refuses a new title whose subcategory is another category\'s, or has no category, and stores nothing', async () => {
      for (const body of [
        { category: dramas.id, subCategory: animeSeries.id },
        { subCategory: korean.id },
        { category: { id: dramas.id }, subCategory: { id: animeSeries.id } },
        { category: anime.id, subCategory: { name: 'Новая корейская', category: dramas.id } },
      ]) {
        const res = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: 'Чужая подкатегория', status: 'draft', ...body }));
        expectRefused(res, 400, SUBCATEGORY_ELSEWHERE);
      }
      const taken = await editor.call('POST', '/items/titles', { name: 'Своя подкатегория', status: 'draft', category: dramas.id, subCategory: korean.id });
      expect(taken.status).toBe(200);
    });

    it('refuses a change of the subcategory, of the category alone, or of both, that parts them; keeps the title as it was', async () => {
      const t = await newTitle({ category: dramas.id, subCategory: korean.id });
      expectRefused(await editor.call('PATCH', `/items/titles/${t.id}`, { subCategory: animeSeries.id }), 400, SUBCATEGORY_ELSEWHERE);
      expectRefused(await editor.call('PATCH', `/items/titles/${t.id}`, { category: anime.id }), 400, SUBCATEGORY_ELSEWHERE);
      expectRefused(await editor.call('PATCH', `/items/titles/${t.id}`, { category: null }), 400, SUBCATEGORY_ELSEWHERE);
      expectRefused(await asAdmin('PATCH', `/items/titles/${t.id}`, { category: dramas.id, subCategory: animeSeries.id }), 400, SUBCATEGORY_ELSEWHERE);
      expectRefused(await editor.call('PATCH', '/items/titles', { keys: [t.id], data: { subCategory: animeSeries.id } }), 400, SUBCATEGORY_ELSEWHERE);
      expect(await adminRead('titles', t.id, 'category,subCategory')).toEqual({ category: dramas.id, subCategory: korean.id });
      // Together, or the subcategory taken off first, the category moves.
      expect((await editor.call('PATCH', `/items/titles/${t.id}`, { category: anime.id, subCategory: animeSeries.id })).status).toBe(200);
      expect((await editor.call('PATCH', `/items/titles/${t.id}`, { subCategory: null })).status).toBe(200);
      expect((await editor.call('PATCH', `/items/titles/${t.id}`, { category: dramas.id })).status).toBe(200);
      expect(await adminRead('titles', t.id, 'category,subCategory')).toEqual({ category: dramas.id, subCategory: null });
    });

    it('refuses to delete a category titles are in, saying how many, and deletes it once they are moved', async () => {
      const a = await admin();
      const doomed: { id: number } = await a.post('/items/categories', { name: `Удаляемая ${Math.random().toString(36).slice(2, 8).replace(/\d/g, '')}` });
      const [shown, draft] = await Promise.all([newTitle({ category: doomed.id }), newTitle({ category: doomed.id, status: 'draft' })]);
      const inIt = await countRows('titles', { category: { _eq: doomed.id } });
      for (const res of [
        await editor.call('DELETE', `/items/categories/${doomed.id}`),
        await editor.call('DELETE', '/items/categories', [doomed.id, anime.id]),
        await asAdmin('DELETE', `/items/categories/${doomed.id}`),
      ]) expectRefused(res, 400, categoryInUse(inIt));
      expect(await adminRead('categories', doomed.id, 'id')).toEqual({ id: doomed.id });
      expect(await adminRead('titles', shown.id, 'category')).toEqual({ category: doomed.id });

      for (const t of [shown, draft]) expect((await editor.call('PATCH', `/items/titles/${t.id}`, { category: dramas.id })).status).toBe(200);
      expect((await editor.call('DELETE', `/items/categories/${doomed.id}`)).status).toBe(204);
      expect(await countRows('categories', { id: { _eq: doomed.id } })).toBe(0);
    });
  });

  it('refuses an editor deleting a title members reviewed or rated, saying to archive it; an administrator may', async () => {
    const editor = await newUser(EDITOR_ROLE);
    const [kept, bare] = await Promise.all([newTitle(), newTitle()]);
    expect((await user.call('POST', '/items/ratings', { title: kept.id, rating: 4 })).status).toBe(200);
    expect((await someone.call('POST', '/items/comments', { text: 'Отзыв, который стоит сохранить', title: kept.id })).status).toBe(200);
    const theirs = async () => (await Promise.all(['comments', 'ratings'].map((c) => countRows(c, { title: { _eq: kept.id } })))).reduce((a, b) => a + b);
    const records = await theirs();
    for (const res of [
      await editor.call('DELETE', `/items/titles/${kept.id}`),
      await editor.call('DELETE', '/items/titles', [bare.id, kept.id]),
      await editor.call('DELETE', '/items/titles', { query: { filter: { id: { _in: [kept.id, bare.id] } } } }),
    ]) expectRefused(res, 400, titleKeptForMembers(records));
    // Of a batch, the refusal names the title kept.
    const keptName = (await adminRead('titles', kept.id, 'name')).name;
    const batch = await editor.call('DELETE', '/items/titles', [bare.id, kept.id]);
    expect(batch.errors?.[0]?.message).toBe(`Среди выбранных: «${keptName}». ${titleKeptForMembers(records)}`);
    expect(await countRows('titles', { id: { _in: [kept.id, bare.id] } })).toBe(2);
    // Archived, it leaves the site and keeps what members wrote.
    expect((await editor.call('PATCH', `/items/titles/${kept.id}`, { status: 'archived' })).status).toBe(200);
    expect(await theirs()).toBe(records);
    expect((await editor.call('DELETE', `/items/titles/${bare.id}`)).status).toBe(204);
    expect((await asAdmin('DELETE', `/items/titles/${kept.id}`)).status).toBe(204);
    expect(await theirs()).toBe(0);
  });

  it('refuses an editor deleting a genre, tag or country titles or people carry, saying how many; unused, or by an administrator, it goes', async () => {
    const editor = await newUser(EDITOR_ROLE);
    const a = await admin();
    const stamp = Math.random().toString(36).slice(2, 8).replace(/\d/g, '');
    const made = async (collection: string, which = 'в деле') => (await a.post<{ id: number }>(`/items/${collection}`, { name: `Проба ${which} ${stamp}` })).id;
    const [genre, tag, country, unused] = [await made('genres'), await made('tags'), await made('countries'), await made('genres', 'без дела')];
    const t = await newTitle({ genres: [{ genres_id: genre }], tags: [{ tags_id: tag }], country });
    const uses = {
      genres: (await countRows('titles_genres', { genres_id: { _eq: genre } })) + (await countRows('actors_genres', { genres_id: { _eq: genre } })),
      tags: await countRows('titles_tags', { tags_id: { _eq: tag } }),
      countries: await countRows('titles', { country: { _eq: country } }),
    };
    for (const [collection, id] of [['genres', genre], ['tags', tag], ['countries', country]] as const) {
      expectRefused(await editor.call('DELETE', `/items/${collection}/${id}`), 400, TAXONOMY_IN_USE[collection]!(uses[collection]));
      expectRefused(await editor.call('DELETE', `/items/${collection}`, [id]), 400, TAXONOMY_IN_USE[collection]!(uses[collection]));
    }
    expect(await adminRead('titles', t.id, 'country,genres.genres_id,tags.tags_id')).toEqual({ country, genres: [{ genres_id: genre }], tags: [{ tags_id: tag }] });
    expect((await editor.call('DELETE', `/items/genres/${unused}`)).status).toBe(204);
    for (const [collection, id] of [['genres', genre], ['tags', tag], ['countries', country]] as const) {
      expect((await asAdmin('DELETE', `/items/${collection}/${id}`)).status).toBe(204);
    }
    expect(await adminRead('titles', t.id, 'country,genres,tags')).toEqual({ country: null, genres: [], tags: [] });
  });

  it('refuses renaming a slug to a route', async () => {
    const t = await newTitle();
    expectRefused(await asAdmin('PATCH', `/items/titles/${t.id}`, { slug: 'about' }), 400, 'Адрес «about» занят страницей сайта');
    expect((await adminRead('titles', t.id, 'slug')).slug).toBe(t.slug);
  });

  it('gives a reply its parent\'s title, whatever the request says', async () => {
    const other = await newTitle();
    const parent = await user.call('POST', '/items/comments', { text: 'Родитель', title: title.id });
    const reply = await someone.call('POST', '/items/comments', { text: 'Ответ', comment: parent.data.id, title: other.id });
    expect(reply.status).toBe(200);
    expect(await adminRead('comments', reply.data.id, 'title,post,comment')).toEqual({ title: title.id, post: null, comment: parent.data.id });
  });

  it('gives a reply without a title its parent\'s title', async () => {
    const parent = await user.call('POST', '/items/comments', { text: 'Родитель 2', title: title.id });
    const reply = await someone.call('POST', '/items/comments', { text: 'Ответ 2', comment: parent.data.id });
    expect((await adminRead('comments', reply.data.id, 'title')).title).toBe(title.id);
  });

  it('hangs an answer to a reply on the thread\'s review, as the page shows threads one level deep', async () => {
    const review = await user.call('POST', '/items/comments', { text: 'Ветка', title: title.id });
    const reply = await someone.call('POST', '/items/comments', { text: 'Ответ', comment: review.data.id });
    const answer = await user.call('POST', '/items/comments', { text: 'Ответ на ответ', comment: reply.data.id });
    expect(answer.status).toBe(200);
    expect(await adminRead('comments', answer.data.id, 'title,post,comment')).toEqual({ title: title.id, post: null, comment: review.data.id });
  });

  it('gives a reply under a post its parent\'s post', async () => {
    const author = await newUser();
    const post = await author.call('POST', '/items/posts', { text: 'Запись' });
    const parent = await someone.call('POST', '/items/comments', { text: 'Комментарий к записи', post: post.data.id });
    const reply = await author.call('POST', '/items/comments', { text: 'Ответ', comment: parent.data.id, title: title.id });
    expect(await adminRead('comments', reply.data.id, 'title,post')).toEqual({ title: null, post: post.data.id });
  });

  describe('search text', () => {
    let tree: { id: number; slug: string };

    beforeAll(async () => {
      tree = await newTitle({ name: 'Ёлочная Сказка', originalName: 'Fir Tree TALE', anotherName: 'Новогодняя', description: 'Зимняя  История' });
    });

    it('is the four name fields lower-cased with ё folded to е', async () => {
      const { searchText } = await adminRead('titles', tree.id, 'searchText');
      expect(searchText).toBe('елочная сказка fir tree tale новогодняя зимняя история');
    });

    it.each(['елочная', 'ЁЛОЧНАЯ', 'Ёлочная сказка', 'fir TREE', 'ЗИМНЯЯ'])('finds the title by %j with _contains', async (query) => {
      const q = encodeURIComponent(normaliseSearch(query));
      const res = await call('GET', `/items/titles?filter[searchText][_contains]=${q}&fields=id&limit=100`);
      expect(res.data.map((t: { id: number }) => t.id)).toContain(tree.id);
    });

    it('ignores a searchText sent by the client', async () => {
      const t = await newTitle({ name: 'Лунный Свет', searchText: 'подделка' });
      expect((await adminRead('titles', t.id, 'searchText')).searchText).toBe('лунный свет');
      await (await admin()).patch(`/items/titles/${t.id}`, { searchText: 'снова подделка' });
      expect((await adminRead('titles', t.id, 'searchText')).searchText).toBe('лунный свет');
    });

    it('follows a renamed title', async () => {
      const t = await newTitle({ name: 'Старое Имя' });
      await (await admin()).patch(`/items/titles/${t.id}`, { name: 'Весенний Ёж' });
      expect((await adminRead('titles', t.id, 'searchText')).searchText).toBe('весенний еж');
      const found = await call('GET', `/items/titles?filter[searchText][_contains]=${encodeURIComponent('старое')}&filter[id][_eq]=${t.id}`);
      expect(found.data).toEqual([]);
    });
  });
});
