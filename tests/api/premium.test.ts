/** What the paid roles unlock: name colour, GIF avatar, frame, background, taken-down episodes. */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../shared/rules.ts';
import { NAME_PAINT_ERROR } from '../../shared/name-paint.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { admin, call, gifBytes, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, expectNothingStored, expectRefused, shopItem, uploadAs } from '../support/fixtures.ts';

const GIF_NEEDS_PLAN = 'Загружать gif аватары можно только с подпиской';

let user: TestUser;
let premium: TestUser;
let premiumPlus: TestUser;
let shop: { nameColor: number; frame: number; background: number; draftColor: number };

beforeAll(async () => {
  [user, premium, premiumPlus] = await Promise.all([newUser(ROLES.user), newUser(ROLES.premium), newUser(ROLES.premiumPlus)]);
  const [nameColor, frame, background, draftColor] = await Promise.all([
    shopItem('nameColor', { nameColor: 'linear-gradient(90deg, #f0f, #0ff)' }),
    shopItem('frame'),
    shopItem('background'),
    shopItem('nameColor', { status: 'draft', nameColor: '#123456' }),
  ]);
  shop = { nameColor: nameColor.id, frame: frame.id, background: background.id, draftColor: draftColor.id };
});

const decoration = async (who: TestUser) => adminRead('directus_users', who.id, 'nameColor,frame,background');

describe('name colour: Premium and Premium+', () => {
  it('is refused to a User', async () => {
    const res = await user.call('PATCH', '/users/me', { nameColor: shop.nameColor });
    expectRefused(res, 400, 'Цвет ника доступен с подпиской');
    expect((await decoration(user)).nameColor).toBeNull();
  });

  it.each([['Premium', () => premium], ['Premium+', () => premiumPlus]])('is stored for %s', async (_name, who) => {
    const res = await who().call('PATCH', '/users/me', { nameColor: shop.nameColor });
    expect(res.status).toBe(200);
    expect((await decoration(who())).nameColor).toBe(shop.nameColor);
  });

  it('is shown to visitors with its colour', async () => {
    const res = await call('GET', `/users/${premium.id}?fields=nameColor.nameColor`);
    expect(res.data).toEqual({ nameColor: { nameColor: 'linear-gradient(90deg, #f0f, #0ff)' } });
  });

  it('may always be cleared', async () => {
    expect((await user.call('PATCH', '/users/me', { nameColor: null })).status).toBe(200);
  });
});

describe('a name colour an editor writes', () => {
  // Painted on every page that names the wearer: an address in it is fetched by every viewer's browser.
  it.each(['linear-gradient(red,red),url(http://127.0.0.1:4399/leak)', 'url(leak.png)', 'red;background:url(x)', 'image-set("leak.png" 1x)'])('refuses %j and stores nothing', async (paint) => {
    const editor = await newUser(EDITOR_ROLE);
    const res = await expectNothingStored('shop', {}, () => editor.call('POST', '/items/shop', { type: 'nameColor', name: 'Утечка', status: 'published', nameColor: paint }));
    expectRefused(res, 400, NAME_PAINT_ERROR);
    expectRefused(await editor.call('PATCH', `/items/shop/${shop.nameColor}`, { nameColor: paint }), 400, NAME_PAINT_ERROR);
    expect((await adminRead('shop', shop.nameColor, 'nameColor')).nameColor).toBe('linear-gradient(90deg, #f0f, #0ff)');
  });
});

describe('frame and background: Premium+ only', () => {
  it.each([['User', () => user], ['Premium', () => premium]])('refuses a frame to %s', async (_name, who) => {
    const res = await who().call('PATCH', '/users/me', { frame: shop.frame });
    expectRefused(res, 400, 'Рамка доступна с подпиской Премиум+');
    expect((await decoration(who())).frame).toBeNull();
  });

  it.each([['User', () => user], ['Premium', () => premium]])('refuses a background to %s', async (_name, who) => {
    const res = await who().call('PATCH', '/users/me', { background: shop.background });
    expectRefused(res, 400, 'Фон профиля доступен с подпиской Премиум+');
    expect((await decoration(who())).background).toBeNull();
  });

  it('stores a frame and a background for Premium+', async () => {
    const res = await premiumPlus.call('PATCH', '/users/me', { frame: shop.frame, background: shop.background });
    expect(res.status).toBe(200);
    expect(await decoration(premiumPlus)).toEqual({ nameColor: shop.nameColor, frame: shop.frame, background: shop.background });
  });

  it('refuses the whole update when one field is not allowed', async () => {
    const res = await premium.call('PATCH', '/users/me', { aboutMe: 'Хочу рамку', frame: shop.frame });
    expectRefused(res, 400, 'Рамка доступна с подпиской Премиум+');
    expect((await adminRead('directus_users', premium.id, 'aboutMe')).aboutMe).toBeNull();
  });
});

describe('shop items must fit the slot', () => {
  it('refuses a name-colour item as a frame', async () => {
    const res = await premiumPlus.call('PATCH', '/users/me', { frame: shop.nameColor });
    expectRefused(res, 400, 'Такого украшения нет в магазине');
    expect((await decoration(premiumPlus)).frame).toBe(shop.frame);
  });

  it('refuses a frame item as a background', async () => {
    expectRefused(await premiumPlus.call('PATCH', '/users/me', { background: shop.frame }), 400, 'Такого украшения нет в магазине');
  });

  it('refuses a background item as a name colour', async () => {
    expectRefused(await premium.call('PATCH', '/users/me', { nameColor: shop.background }), 400, 'Такого украшения нет в магазине');
  });

  it('refuses an unpublished item', async () => {
    expectRefused(await premium.call('PATCH', '/users/me', { nameColor: shop.draftColor }), 400, 'Такого украшения нет в магазине');
    expect((await decoration(premium)).nameColor).toBe(shop.nameColor);
  });

  it('refuses an item that does not exist', async () => {
    expectRefused(await premiumPlus.call('PATCH', '/users/me', { background: 99_999_999 }), 400, 'Такого украшения нет в магазине');
  });
});

describe('avatars', () => {
  it('takes a PNG avatar from a User', async () => {
    const file = await uploadAs(user, pngBytes(), 'image/png', 'me.png');
    expect(file.status).toBe(200);
    expect((await user.call('PATCH', '/users/me', { avatar: file.data.id })).status).toBe(200);
    expect((await adminRead('directus_users', user.id, 'avatar')).avatar).toBe(file.data.id);
  });

  it('refuses a GIF avatar to a User, with the subscription notice', async () => {
    const before = (await adminRead('directus_users', user.id, 'avatar')).avatar;
    const file = await uploadAs(user, gifBytes(), 'image/gif', 'me.gif');
    expect(file.status).toBe(200);
    const res = await user.call('PATCH', '/users/me', { avatar: file.data.id });
    expectRefused(res, 400, GIF_NEEDS_PLAN);
    expect((await adminRead('directus_users', user.id, 'avatar')).avatar).toBe(before);
  });

  it('refuses a GIF avatar to a User when the GIF is sent as a PNG', async () => {
    const file = await uploadAs(user, gifBytes(), 'image/png', 'sneaky.png');
    expectRefused(file, 400, 'Можно загружать только изображения');
  });

  it('refuses someone else\'s picture as an avatar, GIF or not', async () => {
    const before = (await adminRead('directus_users', user.id, 'avatar')).avatar;
    for (const [bytes, type, name] of [[gifBytes(), 'image/gif', 'theirs.gif'], [pngBytes(), 'image/png', 'theirs.png']] as const) {
      const file = await uploadAs(premium, bytes, type, name);
      expectRefused(await user.call('PATCH', '/users/me', { avatar: file.data.id }), 403);
    }
    expect((await adminRead('directus_users', user.id, 'avatar')).avatar).toBe(before);
  });

  it.each([['Premium', () => premium], ['Premium+', () => premiumPlus]])('takes a GIF avatar from %s', async (_name, who) => {
    const file = await uploadAs(who(), gifBytes(), 'image/gif', 'animated.gif');
    const res = await who().call('PATCH', '/users/me', { avatar: file.data.id });
    expect(res.status).toBe(200);
    expect((await adminRead('directus_users', who().id, 'avatar')).avatar).toBe(file.data.id);
  });

  it('stores an avatar or decoration taken off as none, however it is sent', async () => {
    for (const emptied of [{ avatar: '' }, { nameColor: '' }, { frame: '' }, { background: '' }]) {
      expect((await premiumPlus.call('PATCH', '/users/me', emptied)).status).toBe(200);
      const [field] = Object.keys(emptied);
      expect((await adminRead('directus_users', premiumPlus.id, field))[field], field).toBeNull();
    }
  });

  it('goes with the picture when its owner deletes it', async () => {
    const owner = await newUser();
    const file = await uploadAs(owner, pngBytes(), 'image/png', 'gone.png');
    expect((await owner.call('PATCH', '/users/me', { avatar: file.data.id })).status).toBe(200);
    expect((await owner.call('DELETE', `/files/${file.data.id}`)).status).toBe(204);
    expect((await adminRead('directus_users', owner.id, 'avatar')).avatar).toBeNull();
  });
});

describe('episodes kept for subscribers (deleted: true)', () => {
  let title: { id: number };
  let live: number;
  let removed: number;

  beforeAll(async () => {
    const a = await admin();
    title = await newTitle({ typeSource: 'Без сезонов' });
    live = (await a.post('/items/series', { title: title.id, name: '1 серия', deleted: false })).id;
    removed = (await a.post('/items/series', { title: title.id, name: '2 серия', deleted: true })).id;
  });

  const episodes = async (token?: string) => {
    const res = await call('GET', `/items/series?filter[title][_eq]=${title.id}&sort=id&fields=id,deleted`, { token });
    return res.data.map((s: { id: number }) => s.id);
  };

  it('are read by Premium and Premium+', async () => {
    expect(await episodes(premium.token)).toEqual([live, removed]);
    expect(await episodes(premiumPlus.token)).toEqual([live, removed]);
    const one = await premium.call('GET', `/items/series/${removed}?fields=id,deleted`);
    expect(one.data).toEqual({ id: removed, deleted: true });
  });

  it('are not read by a User or a visitor', async () => {
    expect(await episodes(user.token)).toEqual([live]);
    expect(await episodes()).toEqual([live]);
    expectRefused(await user.call('GET', `/items/series/${removed}`), 403);
  });

  it('are not read by a User through the title either', async () => {
    const res = await user.call('GET', `/items/titles/${title.id}?fields=series.id`);
    expect(res.data.series.map((s: { id: number }) => s.id)).toEqual([live]);
    const paid = await premium.call('GET', `/items/titles/${title.id}?fields=series.id`);
    expect(paid.data.series.map((s: { id: number }) => s.id).sort()).toEqual([live, removed].sort());
  });

  it('of a draft title stay hidden from Premium', async () => {
    const a = await admin();
    const draft = await newTitle({ status: 'draft' });
    const hidden = (await a.post('/items/series', { title: draft.id, name: 'Черновая серия', deleted: true })).id;
    expectRefused(await premium.call('GET', `/items/series/${hidden}`), 403);
  });
});
