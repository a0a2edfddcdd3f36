import { describe, expect, it } from 'vitest';
import { COLLECTIONS, SYSTEM_EXTENSIONS } from '../../directus/schema/collections.ts';
import { covers } from '../../directus/apply/admin-api.ts';

const byName = new Map(COLLECTIONS.map((c) => [c.collection, c]));

describe('data model as code', () => {
  it('has every collection of the data model', () => {
    for (const name of ['titles', 'categories', 'subCategories', 'genres', 'countries', 'tags', 'actors', 'soundtracks',
      'mainBanners', 'favorites', 'ratings', 'favoriteActors', 'comments', 'reactions', 'posts', 'messages', 'chats',
      'supportRequests', 'shop', 'updates', 'static', 'plans', 'invoices', 'series', 'iframeSeasons']) {
      expect(byName.has(name), name).toBe(true);
    }
    expect(byName.get('static')!.meta.singleton).toBe(true);
  });

  it('names junction keys the way the screens read them', () => {
    const keys = (c: string) => byName.get(c)!.fields.map((f) => f.field);
    expect(keys('titles_genres')).toEqual(expect.arrayContaining(['titles_id', 'genres_id']));
    expect(keys('messages_files')).toEqual(expect.arrayContaining(['messages_id', 'directus_files_id']));
    expect(keys('chats_directus_users')).toEqual(expect.arrayContaining(['chats_id', 'directus_users_id']));
  });

  it('declares every o2m alias with a relation pointing back at it', () => {
    const relations = [...COLLECTIONS, ...SYSTEM_EXTENSIONS].flatMap((c) => c.relations);
    for (const c of [...COLLECTIONS, ...SYSTEM_EXTENSIONS]) {
      for (const f of c.fields.filter((x) => x.meta.special && (x.meta.special as string[]).includes('o2m'))) {
        const back = relations.find((r) => r.related_collection === c.collection && r.meta.one_field === f.field);
        expect(back, `${c.collection}.${f.field}`).toBeTruthy();
      }
    }
  });

  it('indexes every foreign key', () => {
    for (const c of COLLECTIONS) {
      for (const r of c.relations) {
        const field = c.fields.find((f) => f.field === r.field)!;
        expect(field.schema?.is_indexed, `${c.collection}.${r.field}`).toBe(true);
      }
    }
  });
});

describe('apply diff', () => {
  it('treats stored metadata with extra keys as matching and a changed value as not', () => {
    expect(covers({ a: 1, b: { y: 2, x: 1 }, extra: true }, { b: { x: 1, y: 2 }, a: 1 })).toBe(true);
    expect(covers({ a: 1 }, { a: 2 })).toBe(false);
    expect(covers({ a: null }, { a: undefined })).toBe(true);
    expect(covers(null, { a: 1 })).toBe(false);
  });
});
