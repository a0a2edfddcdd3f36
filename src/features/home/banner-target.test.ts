import { describe, expect, it } from 'vitest';
import { leadsToPage, slugNamedBy, type KnownSlugs } from './banner-target.ts';

const known: KnownSlugs = {
  titles: new Set(['vechnaya-lyubov', 'staroe-imya']),
  actors: new Set(['li-min-ho']),
  categories: new Set(['anime']),
  tags: new Set(['mest']),
};

describe('a banner link', () => {
  it('names a title, person, category or tag by the slug in its address', () => {
    expect(slugNamedBy('/vechnaya-lyubov')).toEqual({ collection: 'titles', slug: 'vechnaya-lyubov' });
    expect(slugNamedBy('/titles/x/actors')).toEqual({ collection: 'titles', slug: 'x' });
    expect(slugNamedBy('/actors/li-min-ho')).toEqual({ collection: 'actors', slug: 'li-min-ho' });
    expect(slugNamedBy('/categories/anime/new')).toEqual({ collection: 'categories', slug: 'anime' });
    expect(slugNamedBy('/tag/mest')).toEqual({ collection: 'tags', slug: 'mest' });
    // The site's own routes are no title's.
    for (const route of ['/', '/about', '/updates', '/profile', '/profile/edit', '/categories/anime/filter']) expect(slugNamedBy(route)).toBeNull();
  });

  it('leads to a page while what it names has one, under its slug now or a former one', () => {
    for (const link of ['/vechnaya-lyubov', '/vechnaya-lyubov/', '/titles/staroe-imya?tab=seasons#player', '/actors/li-min-ho', '/categories/anime', '/tag/mest']) {
      expect(leadsToPage(link, known), link).toBe(true);
    }
    for (const link of ['/snyataya-s-pokaza', '/snyataya-s-pokaza/actors', '/actors/nikto', '/categories/ushla', '/tag/net-takogo', '/%E0']) {
      expect(leadsToPage(link, known), link).toBe(false);
    }
  });

  it('elsewhere, or to a page no slug names, always leads somewhere', () => {
    for (const link of ['https://example.org/snyataya-s-pokaza', '/about', '/profile/tariff', '/categories/Дорамы/filter?genres=Драма']) {
      expect(leadsToPage(link, known), link).toBe(true);
    }
  });
});
