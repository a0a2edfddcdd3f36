import { describe, expect, it } from 'vitest';
import { ACTORS } from '../../directus/seed/data/actors.ts';
import { CATEGORIES, COUNTRIES, GENRES, TAGS } from '../../directus/seed/data/taxonomy.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { SHOP_ITEMS, STATIC_TEXTS } from '../../directus/seed/data/site.ts';
import { MARKS, RATINGS, USERS } from '../../directus/seed/data/community.ts';
import { BIOGRAPHY_FOLD, CATEGORY_NAMES } from '../../src/lib/constants.ts';
import { MARK_TYPES, RESERVED_SLUGS } from '../../shared/rules.ts';
import { PLANS } from '../../shared/plans.ts';

describe('demo catalogue data', () => {
  it('has the four categories with their display names, each with subcategories', () => {
    expect(Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.name]))).toEqual(CATEGORY_NAMES);
    for (const c of CATEGORIES) expect(c.subCategories.length).toBeGreaterThanOrEqual(3);
  });

  it('is big enough to feel real', () => {
    expect(TITLES.length).toBeGreaterThanOrEqual(80);
    expect(ACTORS.length).toBeGreaterThanOrEqual(60);
    expect(GENRES.length).toBeGreaterThanOrEqual(15);
    expect(TAGS.length).toBeGreaterThanOrEqual(20);
    expect(COUNTRIES).toEqual(expect.arrayContaining(['Китай', 'Япония', 'Тайвань', 'Южная Корея', 'Вьетнам', 'Таиланд', 'Филиппины', 'Индонезия', 'Гонконг']));
    expect(TAGS.map((t) => t.slug)).toEqual(expect.arrayContaining(['devushki', 'parni']));
    expect(ACTORS.filter((a) => a.biography.length > BIOGRAPHY_FOLD).length).toBeGreaterThanOrEqual(5);
  });

  it('covers films and series, both sources, soundtracks and every release status', () => {
    expect(new Set(TITLES.map((t) => t.typeSource))).toEqual(new Set(['Одиночный', 'Без сезонов', 'Сезоны']));
    expect(new Set(TITLES.map((t) => t.source))).toEqual(new Set(['iframe', 'video']));
    expect(new Set(TITLES.map((t) => t.releaseStatus))).toEqual(new Set(['Окончен', 'Выпускается', 'Должен выйти']));
    expect(TITLES.some((t) => t.soundtracks?.length)).toBe(true);
  });

  it('references only what exists, with unique slugs that shadow no route', () => {
    const slugs = TITLES.map((t) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of slugs) expect(RESERVED_SLUGS as readonly string[]).not.toContain(s);
    const actorSlugs = new Set(ACTORS.map((a) => a.slug));
    const tagSlugs = new Set(TAGS.map((t) => t.slug));
    for (const t of TITLES) {
      const category = CATEGORIES.find((c) => c.slug === t.category)!;
      expect(category.subCategories.map((s) => s.slug), t.slug).toContain(t.subCategory);
      expect(COUNTRIES).toContain(t.country);
      for (const g of t.genres) expect(GENRES).toContain(g);
      for (const s of t.tags) expect(tagSlugs.has(s), `${t.slug} tag ${s}`).toBe(true);
      for (const a of [...t.actors, ...t.directors, ...t.screenwriters]) expect(actorSlugs.has(a), `${t.slug} → ${a}`).toBe(true);
    }
  });

  it('has the two plans at 399 and 699 RUB (applied with the backend), shop items of every type and all static texts', () => {
    expect(PLANS.map((p) => [p.id, p.price, p.currency])).toEqual([[1, 399, 'RUB'], [2, 699, 'RUB']]);
    expect(new Set(SHOP_ITEMS.map((s) => s.type))).toEqual(new Set(['nameColor', 'frame', 'background']));
    for (const key of ['aboutText', 'copyrightText', 'privacyPolicyText', 'partnersText'] as const) expect(STATIC_TEXTS[key].length).toBeGreaterThan(300);
  });

  it('has community data that the backend rules accept', () => {
    const logins = new Set(USERS.map((u) => u.login));
    for (const r of RATINGS) expect(r.rating >= 1 && r.rating <= 5 && logins.has(r.author)).toBe(true);
    const pairs = RATINGS.map((r) => `${r.author}|${r.titleSlug}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const m of MARKS) expect(MARK_TYPES).toContain(m.type);
  });
});
