import { describe, expect, it } from 'vitest';
import { people, soundtrackGroups, tagLinks, titleFacts } from '../../src/lib/title.ts';
import { FILTER_PARAMS } from '../../src/lib/filter-query.ts';
import { tabHref } from '../../src/lib/title-tabs.ts';
import { playerHref } from '../../src/lib/episode-link.ts';
import { breadcrumbJsonLd, jsonLdText, personJsonLd, richTextDescription, robotsTxt, titleJsonLd, titleOgType, titlePageTitle, websiteJsonLd } from '../../src/lib/seo.ts';

const actor = { slug: 'kim-so-yon', nameRu: 'Ким Со Ён', nameEn: 'Kim So-yeon', avatar: null };

describe('title facts', () => {
  it('reads relations through their junction entries, skipping bare ids', () => {
    expect(people([{ actors_id: actor }, 5, { actors_id: 7 }, null])).toEqual([actor]);
    expect(tagLinks([{ tags_id: { name: 'Парни', slug: 'parni' } }])).toEqual([{ name: 'Парни', href: '/tag/parni' }]);
  });

  it('lists soundtrack groups that hold files, each track named by its title or else its file name', () => {
    const file = (id: string, title: string | null) => ({ directus_files_id: { id, title, filename_download: `${id}.mp3` } });
    expect(soundtrackGroups([
      { name: 'OST', soundtracks: [file('a', 'Начало'), file('b', null), { directus_files_id: null }, 7] },
      { name: 'Пустой', soundtracks: [{ directus_files_id: null }] },
      { name: 'Без списка', soundtracks: null },
      3,
      null,
    ])).toEqual([{ name: 'OST', tracks: [{ id: 'a', name: 'Начало' }, { id: 'b', name: 'b.mp3' }] }]);
    expect(soundtrackGroups(undefined)).toEqual([]);
  });

  it('states year, genres, seasons and episodes in Russian, and cuts the plot at 200', () => {
    const f = titleFacts({ releaseYear: 2023, countSeasons: 2, countEpisodes: 32, typeSource: 'Сезоны', description: 'а '.repeat(150), genres: [{ genres_id: { name: 'Драма' } }] });
    expect(f).toMatchObject({ year: '2023 г.', genres: ['Драма'], seasons: '2 сезона', episodes: '32 серии' });
    expect(f.shortDescription.length).toBeLessThanOrEqual(200);
    expect(titleFacts({ typeSource: 'Одиночный', countSeasons: 1, countEpisodes: 1 })).toMatchObject({ seasons: '', episodes: '' });
  });
});

describe('a title page\'s <title>', () => {
  it('names the year in brackets, and no brackets when the year is not set', () => {
    expect(titlePageTitle({ name: 'Икс', releaseYear: 2024 })).toBe('Икс (2024) смотреть онлайн — Дорамы онлайн');
    expect(titlePageTitle({ name: 'Икс', releaseYear: null })).toBe('Икс смотреть онлайн — Дорамы онлайн');
    expect(titlePageTitle({ name: 'Икс' })).toBe('Икс смотреть онлайн — Дорамы онлайн');
  });
});

describe('structured data', () => {
  it('describes a series with cast and rating, and a film as Movie', () => {
    const base = { slug: 'x', name: 'Икс', genres: ['Драма'], actors: [actor], directors: [], poster: '/api/assets/p?key=poster', countSeasons: 2, countEpisodes: 16 };
    const series = titleJsonLd('https://example.ru', { ...base, typeSource: 'Сезоны' }, { average: 4.5, count: 2 });
    expect(series).toMatchObject({
      '@type': 'TVSeries', url: 'https://example.ru/x', image: 'https://example.ru/api/assets/p?key=poster', numberOfSeasons: 2,
      actor: [{ '@type': 'Person', name: 'Ким Со Ён', url: 'https://example.ru/actors/kim-so-yon' }],
      aggregateRating: { ratingValue: 4.5, ratingCount: 2 },
    });
    const film = titleJsonLd('https://example.ru', { ...base, typeSource: 'Одиночный' }, { average: null, count: 0 });
    expect(film['@type']).toBe('Movie');
    expect(film).not.toHaveProperty('aggregateRating');
    expect(film).not.toHaveProperty('numberOfSeasons');
  });

  it('describes a person', () => {
    expect(personJsonLd('https://example.ru', { ...actor, dob: '1990-05-01', birthPlace: 'Сеул', career: 'Актриса' }))
      .toMatchObject({ '@type': 'Person', name: 'Ким Со Ён', alternateName: 'Kim So-yeon', birthDate: '1990-05-01', birthPlace: 'Сеул' });
  });
});

describe('what a shared or found page says of itself', () => {
  it('describes a static page by its prose, without the headings that would run into it', () => {
    const html = '<h2>О сайте</h2>\n<p>«Дорамы онлайн» — это место для всех, кто любит азиатские сериалы.</p><h3>Что у нас есть</h3><ul><li>Каталог</li></ul>';
    expect(richTextDescription(html)).toBe('«Дорамы онлайн» — это место для всех, кто любит азиатские сериалы. Каталог');
    expect(richTextDescription('<h1 class="x">Политика</h1><p>Настоящая политика описывает данные.</p>')).toBe('Настоящая политика описывает данные.');
    expect(richTextDescription(`<h2>Партнёрам</h2><p>${'слово '.repeat(60)}</p>`)).toMatch(/^слово .*…$/);
    expect(richTextDescription(`<h2>Партнёрам</h2><p>${'слово '.repeat(60)}</p>`).length).toBeLessThanOrEqual(160);
  });

  it('falls back to the headings when the text is nothing else, and to nothing for nothing', () => {
    expect(richTextDescription('<h2>Только заголовок</h2>')).toBe('Только заголовок');
    expect(richTextDescription(null)).toBe('');
  });

  it('types a title page for OpenGraph as a film or a series, as its JSON-LD does', () => {
    expect(titleOgType({ typeSource: 'Одиночный' })).toBe('video.movie');
    expect(titleOgType({ typeSource: 'Сезоны' })).toBe('video.tv_show');
    expect(titleOgType({ typeSource: 'Без сезонов' })).toBe('video.tv_show');
    expect(titleOgType({ typeSource: null })).toBe('video.tv_show');
  });

  it('lets crawlers read every page and every picture, so the noindex of the personal ones is seen', () => {
    const text = robotsTxt('https://example.org');
    expect(text).toMatch(/^User-agent: \*\nAllow: \/api\/assets\/\nDisallow: \/api\/\n(Clean-param: .*\n)+Sitemap: https:\/\/example\.org\/sitemap\.xml\n$/);
    for (const page of ['/profile', '/messages', '/login', '/reset-password']) expect(text).not.toContain(`Disallow: ${page}`);
    // As Google and Yandex read it: the longest matching rule decides, Allow winning a tie.
    const rules = [...text.matchAll(/^(Allow|Disallow): (\S+)$/gm)].map(([, kind, prefix]) => ({ allow: kind === 'Allow', prefix }));
    const crawlable = (path: string) => rules.filter(r => path.startsWith(r.prefix))
      .sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow))[0]?.allow ?? true;
    expect(crawlable('/api/assets/649430e6-0000?key=poster')).toBe(true);
    expect(crawlable('/boss-na-polstavki')).toBe(true);
    for (const path of ['/api/items/comments', '/api/users/me', '/api/site/chats', '/api/assetsx']) expect(crawlable(path), path).toBe(false);
  });
});

describe('parameters Yandex may drop', () => {
  const cleanParams = () => [...robotsTxt('https://example.org').matchAll(/^Clean-param: (\S+)(?: (\S+))?$/gm)]
    .map(([, params, path]) => ({ params: params.split('&'), path: path ?? '/' }));

  it('name every parameter of the filter screen, which is one frame whatever it is asked', () => {
    const filter = cleanParams().find((rule) => rule.path === '/categories/');
    expect(filter?.params.sort()).toEqual(Object.values(FILTER_PARAMS).sort());
  });

  it('name the title page\'s tab and the episode its player opens on, whose panes are all in its markup, and campaign tags, site-wide', () => {
    const everywhere = cleanParams().find((rule) => rule.path === '/');
    expect(everywhere?.params).toContain(new URL(tabHref('https://example.org/t', 'seasons', ['description', 'seasons'])).searchParams.keys().next().value);
    expect(everywhere?.params).toEqual(expect.arrayContaining([...new URL(playerHref('t', 1), 'https://example.org').searchParams.keys()]));
    expect(everywhere?.params).toEqual(expect.arrayContaining(['utm_source', 'utm_medium', 'utm_campaign']));
  });
});

describe('the trail and the site as structured data', () => {
  it('gives the breadcrumbs a page shows as a BreadcrumbList of absolute addresses, the page itself last without one', () => {
    expect(breadcrumbJsonLd('https://example.org', [
      { label: 'Главная', href: '/' },
      { label: 'Дорамы', href: '/categories/doramy-onlayn' },
      { label: 'Аромат последнего лета', href: '/aromat-poslednego-leta' },
      { label: 'Актёры' },
    ])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://example.org/' },
        { '@type': 'ListItem', position: 2, name: 'Дорамы', item: 'https://example.org/categories/doramy-onlayn' },
        { '@type': 'ListItem', position: 3, name: 'Аромат последнего лета', item: 'https://example.org/aromat-poslednego-leta' },
        { '@type': 'ListItem', position: 4, name: 'Актёры' },
      ],
    });
  });

  it('leaves the last step without an address even when it was given one, as the breadcrumbs show it unlinked', () => {
    const list = breadcrumbJsonLd('https://example.org', [{ label: 'Главная', href: '/' }, { label: 'Девушки', href: '/tag/devushki' }]);
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://example.org/' },
      { '@type': 'ListItem', position: 2, name: 'Девушки' },
    ]);
  });

  it('names the site on the home page as a WebSite, with no SearchAction a crawler could not follow', () => {
    const site = websiteJsonLd('https://example.org');
    expect(site).toEqual({ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Дорамы онлайн', url: 'https://example.org/', inLanguage: 'ru' });
    expect(site).not.toHaveProperty('potentialAction');
  });

  it('writes structured data that no value can end early', () => {
    const text = jsonLdText(breadcrumbJsonLd('https://example.org', [{ label: 'Главная', href: '/' }, { label: '</script><script>alert(1)</script>' }]));
    expect(text).not.toContain('</script>');
    expect((JSON.parse(text) as { itemListElement: { name: string }[] }).itemListElement[1]!.name).toBe('</script><script>alert(1)</script>');
  });
});
