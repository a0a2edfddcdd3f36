/**
 * The signed-in screens as a person sees them, measured at the widths and in the looks where they went
 * wrong: another person's profile keeps its names on the card, off the wallpaper; a coloured name reads in
 * both looks wherever it is shown, on one and the same stage; the chat's emoji panel, the title's marks
 * menu, the own sidebar's menu and the wallpaper tiles stay on the screen and inside their boxes; small
 * controls are at least 24 px square (WCAG 2.5.8), and the chat box's hint is shown whole at 320 px.
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from './support/test.ts';
import { MARK_TYPES, ROLES } from '../../shared/rules.ts';
import { apiOf, publishedTitles } from './support/account.ts';
import { textLook } from './support/contrast.ts';
import { newPerson, type Person } from './support/people.ts';
import { adminApi, hydrated, patientPolls, type ThemeName, type VisitorOptions } from './support/site.ts';

patientPolls(20_000);

const THEMES: ThemeName[] = ['light-theme', 'dark-theme'];
/** WCAG 2's AA contrast for body text. */
const AA = 4.5;

/** A screen of this width, tall as a phone's (or a desktop's) is. */
const at = (width: number, theme: ThemeName): VisitorOptions => ({ theme, context: { viewport: { width, height: width < 600 ? 740 : 900 } } });

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => (await l.boundingBox())!;
const inside = (inner: Box, outer: Box, by = 0.5) =>
  inner.x >= outer.x - by && inner.y >= outer.y - by && inner.x + inner.width <= outer.x + outer.width + by && inner.y + inner.height <= outer.y + outer.height + by;
const meet = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
const screenOf = (page: Page): Box => ({ x: 0, y: 0, ...page.viewportSize()! });
const fmt = (b: Box) => `${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}×${Math.round(b.height)}`;

/** Every element `targets` finds is a target of 24 px square or more (WCAG 2.5.8). */
async function expectTargetSize(targets: Locator): Promise<void> {
  for (const target of await targets.all()) {
    const b = await boxOf(target);
    expect(Math.min(b.width, b.height), fmt(b)).toBeGreaterThanOrEqual(24);
  }
}

interface ShopItem { id: number; name: string; nameColor: string | null; backgroundFile: string | null }

async function shopItem(type: 'nameColor' | 'background', name?: string): Promise<ShopItem> {
  const api = await adminApi();
  const items = await api.get<ShopItem[]>(`/items/shop?filter[type][_eq]=${type}&filter[status][_eq]=published&fields=id,name,nameColor,backgroundFile&sort=id`);
  const item = name ? items.find((i) => i.name === name) : items[0];
  if (!item) throw new Error(`No ${name ?? type} in the shop`);
  return item;
}

/** A private chat between the two, `from` writing first; its id. */
async function chatWith(from: Person, to: Person, text: string): Promise<number> {
  const api = await apiOf(from);
  const { id } = await api.post<{ id: number }>('/items/chats?fields=id', { user_invited: [{ directus_users_id: to.id }] });
  await api.post('/items/messages?fields=id', { text, privateChat: id });
  return id;
}

async function openProfile(page: Page, login: string): Promise<void> {
  await page.goto(`/profile/${login}`);
  await hydrated(page, '.public-profile');
  await expect.poll(() => page.locator('main h1').innerText()).toBe(login);
}

async function openChat(page: Page, chatId: number): Promise<void> {
  await page.goto(`/messages?id=${chatId}`);
  await page.locator('.messages-screen .chat-input textarea').waitFor();
}

const picture = (colour: string) => sharp({ create: { width: 320, height: 200, channels: 3, background: colour } }).png().toBuffer();

describe('another person\'s profile', () => {
  for (const width of [1366, 768, 375]) {
    it(`keeps the login and the name on the card's surface, off the wallpaper, readable (${width} px, light)`, async ({ browsers }) => {
      const [background, nameColor] = await Promise.all([shopItem('background'), shopItem('nameColor', 'Золотой дракон')]);
      const extra = { first_name: 'Ирина', last_name: 'Премиумова', background: background.id };
      const [decorated, plain, reader] = await Promise.all([
        newPerson({ role: ROLES.premiumPlus, extra: { ...extra, nameColor: nameColor.id } }),
        newPerson({ role: ROLES.premiumPlus, extra }),
        newPerson(),
      ]);
      const { page } = await browsers.as(reader, at(width, 'light-theme'));
      for (const person of [decorated, plain]) {
        await openProfile(page, person.login);
        await expect.poll(() => page.locator('.profile-card__name').innerText()).toBe('Ирина Премиумова');
        const cover = await boxOf(page.locator('.profile-card__cover'));
        for (const text of [page.locator('h1 .person-name'), page.locator('.profile-card__name')]) {
          const b = await boxOf(text);
          expect(b.y, `${await text.innerText()} at ${fmt(b)}, the wallpaper ends at ${Math.round(cover.y + cover.height)}`).toBeGreaterThanOrEqual(cover.y + cover.height);
          expect((await textLook(text)).contrast, await text.innerText()).toBeGreaterThanOrEqual(AA);
        }
      }
    });
  }
});

describe('a coloured name', () => {
  for (const theme of THEMES) {
    it(`reads on one and the same stage in a post, a comment, the profile's head, a chat message and the own sidebar (${theme})`, async ({ browsers }) => {
      const [gold, jade] = await Promise.all([shopItem('nameColor', 'Золотой дракон'), shopItem('nameColor', 'Нефрит')]);
      const [author, commenter] = await Promise.all([
        newPerson({ role: ROLES.premium, extra: { nameColor: gold.id } }),
        newPerson({ role: ROLES.premium, extra: { nameColor: jade.id } }),
      ]);
      const postId = (await (await apiOf(author)).post<{ id: number }>('/items/posts?fields=id', { text: 'Пост с именем в цвете' })).id;
      await (await apiOf(commenter)).post('/items/comments?fields=id', { text: 'Комментарий', post: postId });
      const chatId = await chatWith(commenter, author, 'Привет');
      await (await apiOf(author)).post('/items/messages?fields=id', { text: 'Привет!', privateChat: chatId });

      const looks: [string, Awaited<ReturnType<typeof textLook>>][] = [];
      const { page } = await browsers.as(commenter, { theme });
      await openProfile(page, author.login);
      const post = page.locator('article.post').first();
      await post.locator('.comment .person-name').first().waitFor();
      looks.push(['the profile\'s head', await textLook(page.locator('h1 .person-name'))]);
      looks.push(['a post', await textLook(post.locator('.post__head .person-name').first())]);
      looks.push(['a comment', await textLook(post.locator('.comment .person-name').first())]);
      await openChat(page, chatId);
      const authors = page.locator('.messages-screen .chat-msg__author');
      await expect.poll(() => authors.count()).toBe(2);
      looks.push(['a chat message (gradient)', await textLook(authors.filter({ hasText: author.login }))]);
      looks.push(['a chat message (colour)', await textLook(authors.filter({ hasText: commenter.login }))]);
      await page.goto('/profile');
      const own = page.getByTestId('account-card').locator('.person-name');
      await own.waitFor();
      looks.push(['the own sidebar', await textLook(own)]);

      for (const [where, look] of looks) expect(look.contrast, `${where}: ${JSON.stringify(look)}`).toBeGreaterThanOrEqual(AA);
      // One stage everywhere: the same colour right behind the letters.
      const stages = new Set(looks.map(([, look]) => look.backdrop.map(Math.round).join()));
      expect([...stages], looks.map(([where, look]) => `${where}: ${look.backdrop.map(Math.round).join()}`).join('; ')).toHaveLength(1);
    });
  }
});

describe('the chat on a phone', () => {
  for (const width of [320, 375]) {
    for (const theme of THEMES) {
      it(`opens the emoji panel, quick reactions and all emoji, inside the screen and the chat (${width} px, ${theme})`, async ({ browsers }) => {
        const [me, friend] = await Promise.all([newPerson(), newPerson()]);
        const chatId = await chatWith(friend, me, 'Привет');
        const { page } = await browsers.as(me, at(width, theme));
        await openChat(page, chatId);
        // Opened from the keyboard: a pointer on the button would also open it after a hover's delay.
        await page.getByRole('button', { name: 'Эмодзи' }).press('Enter');
        const panel = page.getByTestId('emoji-panel');
        const expand = panel.getByRole('button', { name: 'Все эмодзи' });
        await expand.waitFor();
        const [screen, chat] = [screenOf(page), await boxOf(page.locator('.messages-screen'))];
        // The seven quick reactions come with the emoji's data, after «+».
        const buttons = panel.locator('.epr-emoji, [aria-label="Все эмодзи"]');
        await expect.poll(() => buttons.count()).toBe(8);
        const boxes = [await boxOf(panel), ...await buttons.evaluateAll((all) => all.map((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.left, y: r.top, width: r.width, height: r.height };
        }))];
        for (const [i, b] of boxes.entries()) {
          expect(inside(b, screen) && inside(b, chat), `${i ? `button ${i}` : 'the panel'} at ${fmt(b)}, the chat at ${fmt(chat)}`).toBe(true);
        }
        await expand.click();
        await panel.locator('[data-epr-part="search-input"]').waitFor();
        const b = await boxOf(panel);
        expect(inside(b, screen) && inside(b, chat), `all emoji at ${fmt(b)}, the chat at ${fmt(chat)}`).toBe(true);
      });
    }
  }

  it('shows the box\'s hint whole at 320 px', async ({ browsers }) => {
    const [me, friend] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatWith(friend, me, 'Привет');
    const { page } = await browsers.as(me, at(320, 'light-theme'));
    await openChat(page, chatId);
    const field = page.locator('.messages-screen .chat-input textarea');
    // The hint laid out at the box's text width: the lines it takes fit the box.
    const fits = await field.evaluate((el: HTMLTextAreaElement) => {
      const s = getComputedStyle(el);
      const probe = document.createElement('div');
      probe.textContent = el.placeholder;
      Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', width: `${el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)}px`, font: s.font, lineHeight: s.lineHeight, letterSpacing: s.letterSpacing });
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().height;
      probe.remove();
      return { needed, has: el.clientHeight - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom) };
    });
    expect(fits.has, JSON.stringify(fits)).toBeGreaterThanOrEqual(fits.needed - 0.5);
  });

  it('gives attached pictures «×» buttons of 24 px square or more', async ({ browsers }) => {
    const [me, friend] = await Promise.all([newPerson(), newPerson()]);
    const chatId = await chatWith(friend, me, 'Привет');
    const { page } = await browsers.as(me, at(320, 'light-theme'));
    await openChat(page, chatId);
    await page.getByTestId('chat-files').first().setInputFiles([
      { name: 'one.png', mimeType: 'image/png', buffer: await picture('#c33') },
      { name: 'two.png', mimeType: 'image/png', buffer: await picture('#36c') },
    ]);
    const removes = page.locator('.messages-screen .chat-input__remove');
    await expect.poll(() => removes.count()).toBe(2);
    await expectTargetSize(removes);
  });
});

describe('the title page on a phone', () => {
  for (const width of [320, 375]) {
    for (const theme of THEMES) {
      it(`opens «В список» low on the screen with every mark inside it, none under the floating buttons, as the page scrolls (${width} px, ${theme})`, async ({ browsers }) => {
        const [t] = await publishedTitles(1);
        const { page } = await browsers.as(await newPerson(), at(width, theme));
        await page.goto(`/${t!.slug}`);
        const toggle = page.getByRole('button', { name: 'В список ▾' });
        await expect.poll(() => toggle.isEnabled()).toBe(true);
        // The button 60 px above the screen's bottom edge, as a person scrolling down meets it.
        await toggle.evaluate((el) => window.scrollBy({ top: el.getBoundingClientRect().bottom - (window.innerHeight - 60), behavior: 'instant' }));
        await page.locator('.scroll-top--shown').waitFor();
        await toggle.click();
        const menu = page.getByRole('list', { name: 'Списки' });
        await menu.waitFor();

        const check = async (when: string) => {
          const screen = screenOf(page);
          for (const type of MARK_TYPES) {
            const item = menu.getByRole('button', { name: type });
            const b = await boxOf(item);
            expect(inside(b, screen), `${when}: «${type}» at ${fmt(b)}`).toBe(true);
            // Its left and right ends and middle take a finger themselves.
            const hits = await item.evaluate((el) => {
              const r = el.getBoundingClientRect();
              return [r.left + 4, r.left + r.width / 2, r.right - 4].map((x) => {
                const hit = document.elementFromPoint(x, r.top + r.height / 2);
                return hit && (hit === el || el.contains(hit)) ? 'itself' : `${hit?.tagName.toLowerCase()}.${hit?.className}`;
              });
            });
            expect(hits, `${when}: «${type}»`).toEqual(['itself', 'itself', 'itself']);
          }
        };
        await check('opened');
        await page.evaluate(() => window.scrollBy({ top: -40, behavior: 'instant' }));
        await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
        await check('scrolled');
        const last = menu.getByRole('button', { name: MARK_TYPES[MARK_TYPES.length - 1] });
        await last.click();
        await expect.poll(() => last.getAttribute('aria-pressed')).toBe('true');
      });
    }
  }

  it('gives the rating stars 24 px square or more', async ({ browsers }) => {
    const [t] = await publishedTitles(1);
    const { page } = await browsers.as(await newPerson(), at(320, 'light-theme'));
    await page.goto(`/${t!.slug}`);
    const stars = page.locator('.rating-picker__star');
    await expect.poll(() => stars.count()).toBe(5);
    await expectTargetSize(stars);
  });
});

describe('the own profile at 320 and 375 px', () => {
  for (const [width, theme] of [[320, 'light-theme'], [320, 'dark-theme'], [375, 'light-theme']] as const) {
    it(`lays the menu out with every item, the unread badge among them, inside its own box (${width} px, ${theme})`, async ({ browsers }) => {
      const [me, friend] = await Promise.all([newPerson(), newPerson()]);
      await chatWith(friend, me, 'Привет');
      const { page } = await browsers.as(me, at(width, theme));
      await page.goto('/profile');
      const menu = page.getByRole('navigation', { name: 'Меню профиля' });
      const badge = menu.locator('.account-menu__badge');
      await badge.waitFor();
      const area = await menu.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return { x: r.left + parseFloat(s.paddingLeft), y: r.top, width: r.width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight), height: r.height };
      });
      const items = await menu.locator('.account-menu__item').all();
      // What each item holds, its icon, words and badge, with the item's own box.
      const parts = await Promise.all(items.map(async (item) => ({
        name: (await item.innerText()).replace(/\s+/g, ' '),
        box: await boxOf(item),
        content: await item.evaluate((el) => [...el.children].map((c) => {
          const r = c.getBoundingClientRect();
          return { x: r.left, y: r.top, width: r.width, height: r.height };
        })),
      })));
      for (const [i, { name, box, content }] of parts.entries()) {
        expect(inside(box, area), `«${name}» at ${fmt(box)}, the menu at ${fmt(area)}`).toBe(true);
        for (const c of content) expect(inside(c, box), `a part of «${name}» at ${fmt(c)}, the item at ${fmt(box)}`).toBe(true);
        for (const other of parts.slice(i + 1)) expect(meet(box, other.box), `«${name}» and «${other.name}»`).toBe(false);
      }
    });
  }

  it('shows the wallpapers of «Фон профиля» inside their tiles at 320 px', async ({ browsers }) => {
    const { page } = await browsers.as(await newPerson({ role: ROLES.premiumPlus }), at(320, 'light-theme'));
    await page.goto('/profile?tab=customization');
    const block = page.locator('details[data-decor="background"]');
    await block.waitFor();
    if (!(await block.evaluate((el) => (el as HTMLDetailsElement).open))) await block.locator('summary').click();
    const tiles = await block.locator('.decor__choice').all();
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      const [wall, box] = [await boxOf(tile.locator('.look-wall')), await boxOf(tile)];
      expect(inside(wall, box), `the picture at ${fmt(wall)}, its tile at ${fmt(box)}`).toBe(true);
    }
  });
});

describe('another person\'s profile at 375 px', () => {
  it('gives the breadcrumb «Главная» 24 px square or more', async ({ browsers }) => {
    const [person, reader] = await Promise.all([newPerson(), newPerson()]);
    const { page } = await browsers.as(reader, at(375, 'light-theme'));
    await openProfile(page, person.login);
    const home = page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', { name: 'Главная' });
    await home.waitFor();
    await expectTargetSize(home);
  });
});
