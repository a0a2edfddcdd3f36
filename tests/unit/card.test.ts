import { describe, expect, it } from 'vitest';
import { cardView, type CardSource } from '../../src/lib/card.ts';
import { assetUrl, avatarUrl, STUB_POSTER } from '../../src/lib/assets.ts';

const title: CardSource = {
  id: 7,
  slug: 'lyubov-v-seule',
  name: 'Любовь в Сеуле',
  description: 'Молодая художница переезжает в Сеул и случайно становится соседкой знаменитого певца, который скрывается от фанатов.',
  poster: 'f1',
  releaseYear: 2024,
  releaseStatus: 'Выпускается',
  ageRating: '16+',
  views: null,
  comments_count: 3,
  genres: [{ genres_id: { name: 'Романтика' } }, { genres_id: { name: 'Комедия' } }, null],
  country: { name: 'Южная Корея' },
};

describe('film card', () => {
  it('shows everything a card lists, with 0 views when empty', () => {
    const v = cardView(title, 'slider');
    expect(v).toMatchObject({
      href: '/lyubov-v-seule', poster: '/api/assets/f1?key=poster', name: 'Любовь в Сеуле', year: '2024 г.',
      genres: ['Романтика', 'Комедия'], country: 'Южная Корея', status: 'Выпускается', views: 0, comments: 3, ageRating: '16+',
    });
  });

  it('cuts the description at 55 on list cards and 40 elsewhere, with an ellipsis', () => {
    const list = cardView(title, 'list').description;
    const search = cardView(title, 'search').description;
    expect(list.length).toBeLessThanOrEqual(55);
    expect(search.length).toBeLessThanOrEqual(40);
    expect(list.endsWith('…')).toBe(true);
    expect(search).toBe('Молодая художница переезжает в Сеул и…');
  });

  it('uses the stub poster when there is none, and small posters in search', () => {
    expect(cardView({ ...title, poster: null }, 'list').poster).toBe(STUB_POSTER);
    expect(cardView(title, 'search').poster).toBe('/api/assets/f1?key=poster-small');
  });
});

describe('asset addresses', () => {
  it('go through /api with a preset, and fall back for avatars', () => {
    expect(assetUrl('abc', 'banner')).toBe('/api/assets/abc?key=banner');
    expect(assetUrl(null)).toBeNull();
    expect(avatarUrl(undefined)).toBe('/default-avatar.svg');
  });
});
