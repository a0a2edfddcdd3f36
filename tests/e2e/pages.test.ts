/**
 * Every screen a visitor can open, in the light and the dark look at 375 px and
 * 1280 px: status, theme class, the heading or key text, no uncaught error. Then what search
 * engines read: titles, descriptions, canonical links, OpenGraph, JSON-LD, sitemap and robots.
 */
import sharp from 'sharp';
import { describe, expect, inject, it } from './support/test.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { ACTORS } from '../../directus/seed/data/actors.ts';
import { fetchText, patientPolls, type ThemeName, type Width } from './support/site.ts';

const TITLE = 'aromat-poslednego-leta';
const TITLE_NAME = 'Аромат последнего лета';
const FILM = TITLES.find((t) => t.typeSource === 'Одиночный')!;
const ACTOR = 'kim-seo-yun';

interface Screen {
  path: string;
  status?: number;
  /** The page's H1 (its text content: the home page's H1 is for screen readers only). */
  h1: string | RegExp;
  /** More text a person sees on the page, once its islands have run. */
  text?: string[];
}

const SCREENS: Screen[] = [
  { path: '/', h1: 'Дорамы онлайн', text: ['Лакорны', 'Аниме', 'Связаться с нами', '© 2025'] },
  { path: `/${TITLE}`, h1: TITLE_NAME, text: ['Описание', 'Серии', 'Саундтреки', 'Отзывы', 'Вам может понравиться'] },
  { path: `/titles/${TITLE}`, h1: TITLE_NAME, text: ['Описание', 'Отзывы'] },
  { path: `/${TITLE}/actors`, h1: `${TITLE_NAME}: актёры`, text: ['Режиссёр', 'Сценарист', 'Актёры', 'Ким Со Юн'] },
  { path: `/actors/${ACTOR}`, h1: 'Ким Со Юн', text: ['Kim Seo Yun', 'Сеул, Южная Корея', 'Лучшие картины'] },
  { path: '/categories/doramy-onlayn', h1: 'Дорамы', text: ['Дорамы по жанрам', 'Новинки', 'Корейские дорамы'] },
  { path: '/categories/doramy-onlayn/new', h1: 'Новинки: Дорамы', text: ['Показать еще'] },
  { path: '/categories/doramy-onlayn/filter', h1: /Дорам/, text: ['Найти', 'Сбросить', 'Показано 10 из 30'] },
  { path: `/categories/${encodeURIComponent('Дорамы')}/filter`, h1: /Дорам/, text: ['Найти', 'Показано 10 из 30'] },
  { path: '/tag/devushki', h1: 'Девушки', text: [TITLE_NAME] },
  { path: '/updates', h1: 'Обновления', text: ['Вы уже можете посмотреть'] },
  { path: '/about', h1: 'О нас', text: ['Остались вопросы?', 'Отправить'] },
  { path: '/copyright', h1: 'Для правообладателей', text: ['Остались вопросы?'] },
  { path: '/privacy-policy', h1: 'Политика конфиденциальности', text: ['Остались вопросы?'] },
  { path: '/partners', h1: 'Партнёрам', text: ['Остались вопросы?'] },
  { path: '/login', h1: 'Добро пожаловать на сайт!', text: ['Войдите и смотрите вместе', 'Запомнить меня', 'Регистрация'] },
  { path: '/reset-password', h1: 'Восстановление пароля', text: ['В ссылке не хватает кода'] },
  { path: '/messages', h1: 'Сообщения' },
  // Filled in the browser: the heading is the login once the profile has loaded.
  { path: '/profile/sakura_fan', h1: /^(Профиль пользователя|sakura_fan)$/, text: ['Анна Смирнова', 'О себе', 'Записи'] },
  { path: '/not-found', status: 404, h1: 'Страница не найдена', text: ['На главную'] },
  { path: '/takoy-stranitsy-net/sovsem', status: 404, h1: 'Страница не найдена', text: ['На главную'] },
];

patientPolls();

const LOOKS: { theme: ThemeName; width: Width }[] = [
  { theme: 'light-theme', width: 'mobile' },
  { theme: 'light-theme', width: 'desktop' },
  { theme: 'dark-theme', width: 'mobile' },
  { theme: 'dark-theme', width: 'desktop' },
];

describe('every screen, in both looks and both widths', () => {
  // The four looks run side by side: each is one page walking every screen, mostly waiting.
  for (const look of LOOKS) {
    it.concurrent(`${look.theme} at ${look.width}`, async ({ expect, browsers }) => {
      // The light look is the default: it is not stored, the dark one is. The cookie notice shows, as on a first visit.
      const v = await browsers.visitor({ acceptCookies: false, theme: look.theme === 'dark-theme' ? 'dark-theme' : undefined, width: look.width });
      for (const screen of SCREENS) {
        v.clearErrors();
        const res = await v.page.goto(screen.path, { waitUntil: 'load' });
        expect(res?.status(), screen.path).toBe(screen.status ?? 200);

        const classes = await v.page.evaluate(() => [...document.documentElement.classList]);
        expect(classes, screen.path).toContain(look.theme);
        expect(classes, screen.path).not.toContain(look.theme === 'dark-theme' ? 'light-theme' : 'dark-theme');

        const h1 = v.page.locator('main h1');
        expect(await h1.count(), `${screen.path}: one H1`).toBe(1);
        const heading = (await h1.textContent())?.trim() ?? '';
        if (typeof screen.h1 === 'string') expect(heading, screen.path).toBe(screen.h1);
        else expect(heading, screen.path).toMatch(screen.h1);

        for (const text of screen.text ?? []) {
          await expect.poll(() => v.page.locator('body').innerText(), { message: `${screen.path}: ${text}`, timeout: 10_000 }).toContain(text);
        }
        // Give the load and idle islands their turn before judging errors.
        await v.page.waitForLoadState('networkidle');
        // Nothing wider than the screen: no sideways scrolling on a phone.
        const overflow = await v.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.path}: wider than the screen by`).toBeLessThanOrEqual(0);
        expect(v.errors, screen.path).toEqual([]);
      }
    });
  }
});

describe("a page's script policy", () => {
  // A title page is written by the build's own loop, the home page by Astro: each puts the policy in.
  for (const path of [`/${TITLE}`, '/']) {
    it(`runs no script that reached ${path} some other way, inline or as a handler`, async ({ visitor }) => {
      const { page } = visitor;
      await page.goto(`${inject('siteUrl')}${path}`);
      // Either both are refused, or one ran (and says so): the test never waits for an absence.
      const refused = await page.evaluate(() => new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        document.addEventListener('securitypolicyviolation', (e) => {
          seen.push(e.effectiveDirective);
          if (seen.length === 2) resolve(seen);
        });
        document.addEventListener('injected', (e) => resolve([`ran: ${(e as CustomEvent<string>).detail}`]));
        const script = document.createElement('script');
        script.textContent = 'document.dispatchEvent(new CustomEvent("injected", { detail: "script" }))';
        document.body.append(script);
        document.body.insertAdjacentHTML('beforeend', '<img src="/favicon.svg?x" onload="document.dispatchEvent(new CustomEvent(\'injected\', { detail: \'handler\' }))">');
      }));
      expect(refused.sort()).toEqual(['script-src-attr', 'script-src-elem']);
      visitor.clearErrors();
    });
  }
});

describe('the footer', () => {
  it('names each information page as the page itself is headed', async () => {
    const { text } = await fetchText('/');
    const footer = text.slice(text.indexOf('<footer'));
    const linkText = (path: string) => footer.match(new RegExp(`<a[^>]*href="${path}"[^>]*>([^<]*)</a>`))?.[1].trim();
    for (const path of ['/about', '/copyright', '/privacy-policy']) {
      const screen = SCREENS.find((s) => s.path === path)!;
      expect(linkText(path), path).toBe(screen.h1);
    }
    expect(footer).not.toContain('правообладетел');
  });
});

/** The head of a built page, as a crawler reads it. */
async function head(path: string) {
  const { status, text } = await fetchText(path);
  const attr = (re: RegExp) => text.match(re)?.[1]?.replace(/&quot;/g, '"').replace(/&amp;/g, '&') ?? null;
  const jsonLd = [...text.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);
  return {
    status,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)"/),
    canonical: attr(/<link rel="canonical" href="([^"]*)"/),
    ogImage: attr(/<meta property="og:image" content="([^"]*)"/),
    ogType: attr(/<meta property="og:type" content="([^"]*)"/),
    jsonLd,
  };
}

describe('what search engines read', () => {
  /** One page of each type, plus a second title and actor: each must have its own title and description. */
  const TYPES = [
    '/', `/${TITLE}`, '/boss-na-polstavki', `/${TITLE}/actors`, `/actors/${ACTOR}`, '/actors/park-tae-gyeong',
    '/categories/doramy-onlayn', '/categories/anime', '/categories/doramy-onlayn/new', '/categories/doramy-onlayn/filter',
    '/tag/devushki', '/tag/parni', '/updates', '/about', '/copyright', '/privacy-policy', '/partners',
    '/login', '/reset-password', '/profile', '/messages', '/profile/somebody', '/not-found',
  ];

  it('gives every page type its own title and description, and a canonical link', async () => {
    const heads = await Promise.all(TYPES.map(async (path) => ({ path, ...(await head(path)) })));
    for (const h of heads) {
      expect(h.title, h.path).toBeTruthy();
      expect(h.description, h.path).toBeTruthy();
      expect(h.title, h.path).toMatch(/Дорамы онлайн/);
      // A person's profile is one frame for every login, kept out of the index: no address stands for it.
      if (h.path === '/profile/somebody') expect(h.canonical, `${h.path}: canonical`).toBeNull();
      else if (h.path !== '/not-found') expect(h.canonical, `${h.path}: canonical`).toBeTruthy();
    }
    const dupes = (key: 'title' | 'description') => {
      const seen = new Map<string, string>();
      return heads.flatMap((h) => {
        const other = seen.get(h[key]!);
        seen.set(h[key]!, h.path);
        return other ? [`${other} = ${h.path}: ${h[key]}`] : [];
      });
    };
    expect(dupes('title')).toEqual([]);
    expect(dupes('description')).toEqual([]);
  });

  it('points every address of a page at one canonical URL', async () => {
    const canonicalPath = async (path: string) => new URL((await head(path)).canonical!).pathname;
    expect(await canonicalPath(`/${TITLE}`)).toBe(`/${TITLE}`);
    expect(await canonicalPath(`/titles/${TITLE}`)).toBe(`/${TITLE}`);
    expect(await canonicalPath(`/${TITLE}/actors`)).toBe(`/${TITLE}/actors`);
    expect(await canonicalPath(`/actors/${ACTOR}`)).toBe(`/actors/${ACTOR}`);
    expect(await canonicalPath('/categories/doramy-onlayn')).toBe('/categories/doramy-onlayn');
    expect(await canonicalPath(`/categories/${encodeURIComponent('Дорамы')}/filter`)).toBe('/categories/doramy-onlayn/filter');
    expect(await canonicalPath('/')).toBe('/');
  });

  it('shares a title page with its poster as the OpenGraph image', async () => {
    const h = await head(`/${TITLE}`);
    expect(h.ogImage).toBeTruthy();
    expect(h.ogImage).not.toMatch(/logo\.svg$/);
    // The picture itself is served (asked on the site's own origin).
    const url = new URL(h.ogImage!);
    const res = await fetch(new URL(url.pathname + url.search, inject('siteUrl')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
  });

  it('shares a page without a picture of its own with a PNG the social networks show, a title as a show or a film', async () => {
    for (const path of ['/', '/about', '/categories/doramy-onlayn', `/${TITLE}/actors`]) {
      const h = await head(path);
      expect(new URL(h.ogImage!).pathname, path).toBe('/share.png');
      expect(h.ogType, path).toBe('website');
    }
    const picture = await fetch(new URL('/share.png', inject('siteUrl')));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect((await head(`/${TITLE}`)).ogType).toBe('video.tv_show');
    expect((await head(`/${FILM.slug}`)).ogType).toBe('video.movie');
    expect((await head(`/actors/${ACTOR}`)).ogType).toBe('profile');
  });

  it('describes a static page by its text, not its heading run into it', async () => {
    for (const [path, heading] of [['/about', 'О сайте'], ['/privacy-policy', 'Политика конфиденциальности'], ['/copyright', 'Правообладателям'], ['/partners', 'Партнёрам']]) {
      const { description } = await head(path);
      expect(description, path).toBeTruthy();
      expect(description!.startsWith(heading), `${path}: ${description}`).toBe(false);
    }
    expect((await head('/about')).description).toMatch(/^«Дорамы онлайн» — это место/);
  });

  it('answers /favicon.ico with an icon', async () => {
    const res = await fetch(new URL('/favicon.ico', inject('siteUrl')));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/x-icon');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it('shares an actor with their photo at a size social networks show (200 px and more), as the JSON-LD names it', async () => {
    const h = await head(`/actors/${ACTOR}`);
    const url = new URL(h.ogImage!);
    const res = await fetch(new URL(url.pathname + url.search, inject('siteUrl')));
    expect(res.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(Math.min(width ?? 0, height ?? 0), h.ogImage!).toBeGreaterThanOrEqual(200);
    expect(h.jsonLd.find((j) => j['@type'] === 'Person')?.image).toBe(h.ogImage);
  });

  it('describes a series as TVSeries, a film as Movie and an actor as Person in JSON-LD', async () => {
    const series = (await head(`/${TITLE}`)).jsonLd.find((j) => j['@type'] === 'TVSeries');
    expect(series).toBeTruthy();
    expect(series!.name).toBe(TITLE_NAME);
    expect((series!.actor as { name: string }[]).map((a) => a.name)).toContain('Ким Со Юн');

    const movie = (await head(`/${FILM.slug}`)).jsonLd.find((j) => j['@type'] === 'Movie');
    expect(movie, FILM.slug).toBeTruthy();
    expect(movie!.name).toBe(FILM.name);

    const person = (await head(`/actors/${ACTOR}`)).jsonLd.find((j) => j['@type'] === 'Person');
    expect(person).toBeTruthy();
    expect(person!.name).toBe('Ким Со Юн');
    expect(person!.alternateName).toBe('Kim Seo Yun');
  });

  it('gives the breadcrumbs a page shows as a BreadcrumbList, and names the site on the home page as a WebSite', async () => {
    for (const path of [`/${TITLE}/actors`, '/categories/doramy-onlayn', '/tag/devushki', `/actors/${ACTOR}`]) {
      const { text } = await fetchText(path);
      const h = await head(path);
      const origin = new URL(h.canonical!).origin;
      // The trail as the page shows it: each step's link (the page itself has none) and its label.
      const nav = text.match(/<nav class="breadcrumbs[^"]*"[\s\S]*?<\/nav>/)?.[0] ?? '';
      const shown = [...nav.matchAll(/<li[^>]*>(?:<a href="([^"]*)"[^>]*>|<span[^>]*>)([^<]*)</g)].map(([, href, label]) => ({ href, label }));
      expect(shown.length, path).toBeGreaterThanOrEqual(2);
      const trails = h.jsonLd.filter((j) => j['@type'] === 'BreadcrumbList');
      expect(trails, path).toHaveLength(1);
      expect(trails[0]!.itemListElement, path).toEqual(shown.map((step, i) => ({
        '@type': 'ListItem', position: i + 1, name: step.label, ...(step.href ? { item: new URL(step.href, origin).href } : {}),
      })));
    }
    const cast = (await head(`/${TITLE}/actors`)).jsonLd.find((j) => j['@type'] === 'BreadcrumbList')!;
    expect((cast.itemListElement as { name: string; item?: string }[]).map((step) => [step.name, step.item && new URL(step.item).pathname]))
      .toEqual([['Главная', '/'], ['Дорамы', '/categories/doramy-onlayn'], [TITLE_NAME, `/${TITLE}`], ['Актёры', undefined]]);

    const home = await head('/');
    expect(home.jsonLd).toEqual([{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Дорамы онлайн', url: home.canonical, inLanguage: 'ru' }]);
  });

  it('lists every title and actor in the files of the sitemap index', async () => {
    const index = await fetchText('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/xml/);
    expect(index.text).toContain('<sitemapindex');
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(files).toEqual(['/sitemap-1.xml']);
    const { status, text, type } = await fetchText(files[0]);
    expect(status).toBe(200);
    expect(type).toMatch(/xml/);
    const locs = new Set([...text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
    for (const t of TITLES) expect(locs.has(`/${t.slug}`), t.slug).toBe(true);
    for (const a of ACTORS) expect(locs.has(`/actors/${a.slug}`), a.slug).toBe(true);
    expect(locs.has('/categories/doramy-onlayn')).toBe(true);
    expect(locs.has('/tag/devushki')).toBe(true);
    // A title's pages say when the title last changed; a person's and a list's, which have no such date, nothing.
    const lastmod = (path: string) => text.match(new RegExp(`<loc>https?://[^/<]+${path}</loc>(?:<lastmod>([^<]+)</lastmod>)?</url>`))?.[1] ?? null;
    for (const t of TITLES) {
      expect(lastmod(`/${t.slug}`), t.slug).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(lastmod(`/${t.slug}/actors`), t.slug).toBe(lastmod(`/${t.slug}`));
    }
    expect(lastmod(`/actors/${ACTOR}`)).toBeNull();
    expect(lastmod('/categories/doramy-onlayn')).toBeNull();
  });

  it('serves robots.txt pointing at the sitemap, letting crawlers read the pages whose noindex keeps them out and the pictures', async () => {
    const { status, text } = await fetchText('/robots.txt');
    expect(status).toBe(200);
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);
    // Posters, og:image and JSON-LD images are under /api/assets/; the rest of the API stays closed.
    expect(text).toMatch(/^Allow: \/api\/assets\/$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toMatch(/^Allow: \/api\/$/m);
    for (const path of ['/profile', '/messages', '/login', '/reset-password']) {
      expect(text, path).not.toMatch(new RegExp(`^Disallow: ${path}`, 'm'));
      expect((await fetchText(path)).text, path).toContain('<meta name="robots" content="noindex, follow">');
    }
  });
});
