import { describe, expect, it } from 'vitest';
import { filterRoutes } from './filter-routes.ts';

describe('filterRoutes', () => {
  it('builds each category\'s screen under its slug and its name', () => {
    expect(filterRoutes([{ slug: 'anime', name: 'Аниме' }, { slug: 'doramy-onlayn', name: 'Дорамы' }])).toEqual([
      { route: 'anime', slug: 'anime' }, { route: 'doramy-onlayn', slug: 'doramy-onlayn' },
      { route: 'Аниме', slug: 'anime' }, { route: 'Дорамы', slug: 'doramy-onlayn' },
    ]);
  });

  it('leaves out a name that cannot be an address, is another\'s slug, or is shared', () => {
    const routes = filterRoutes([
      { slug: 'films', name: '../probe' }, { slug: 'anime', name: 'films' }, { slug: 'a', name: 'Двойник' }, { slug: 'b', name: 'Двойник' },
    ]).map((r) => r.route);
    expect(routes).toEqual(['films', 'anime', 'a', 'b']);
  });
});
