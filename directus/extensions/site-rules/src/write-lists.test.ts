import { describe, expect, it } from 'vitest';
import type { SchemaOverview } from '../../shared/directus.ts';
import { collectionWithAliases } from './relation-fixture.ts';
import { KEYS_SHAPE, RELATED_SHAPE, ROWS_SHAPE, collectionRoute, relatedRowsError, restRowsError, socketRowsError } from './write-lists.ts';

describe('restRowsError', () => {
  it('takes one row, a list of rows, an empty list, and leaves other bodies to Directus', () => {
    expect([{ name: 'a' }, [{ name: 'a' }, { id: 2, name: 'b' }], [], { keys: [1], data: {} }, undefined].map((body) => restRowsError(body, false)))
      .toEqual(Array(5).fill(null));
    expect(restRowsError({ name: 'a' }, true)).toBeNull();
  });

  it('refuses a list holding anything but rows, and any list for one row', () => {
    expect([[null], [1], ['x'], [[1]], [{ name: 'a' }, null]].map((body) => restRowsError(body, false))).toEqual(Array(5).fill(ROWS_SHAPE));
    expect(restRowsError([{ name: 'a' }], true)).toBe(ROWS_SHAPE);
  });
});

describe('socketRowsError', () => {
  const frame = (fields: Record<string, unknown>) => socketRowsError({ type: 'items', collection: 'genres', ...fields });

  it('takes the writes Directus reads', () => {
    expect([
      frame({ action: 'create', data: { name: 'a' } }),
      frame({ action: 'create', data: [{ name: 'a' }] }),
      frame({ action: 'update', id: 1, data: { name: 'a' } }),
      frame({ action: 'update', ids: [1, '2'], data: { name: 'a' } }),
      frame({ action: 'update', data: [{ id: 1, name: 'a' }] }),
      frame({ action: 'update', query: { filter: {} }, data: { name: 'a' } }),
      frame({ action: 'delete', ids: [1] }),
      frame({ action: 'delete', query: {} }),
      frame({ action: 'read', id: null }),
    ]).toEqual(Array(9).fill(null));
  });

  it('refuses rows that are not objects, and a list beside a key', () => {
    for (const data of [null, 5, 'x', [null], [5], [[1]], undefined]) expect(frame({ action: 'create', data })).toBe(ROWS_SHAPE);
    for (const data of [null, 5, [null], [[1]]]) expect(frame({ action: 'update', data })).toBe(ROWS_SHAPE);
    expect(frame({ action: 'update', id: 1, data: [{ name: 'a' }] })).toBe(ROWS_SHAPE);
  });

  it('refuses keys that are not texts or numbers', () => {
    expect(frame({ action: 'delete', ids: [null] })).toBe(KEYS_SHAPE);
    expect(frame({ action: 'delete', ids: [''] })).toBe(KEYS_SHAPE);
    expect(frame({ action: 'update', id: 0, data: {} })).toBe(KEYS_SHAPE);
    expect(frame({ action: 'delete', ids: 1 })).toBe(KEYS_SHAPE);
    expect(frame({ action: 'update', id: { a: 1 }, data: {} })).toBe(KEYS_SHAPE);
    expect(frame({ action: 'update', ids: [[1]], data: {} })).toBe(KEYS_SHAPE);
  });
});

describe('collectionRoute', () => {
  const schema: SchemaOverview = {
    collections: Object.fromEntries(['genres', 'directus_users', 'directus_fields', 'directus_flows'].map((c) => [c, collectionWithAliases(c, [])])),
    relations: [],
  };
  const routeOf = (path: string) => collectionRoute(path, schema);

  it('knows a collection\'s rows and an item', () => {
    expect([routeOf('/items/genres'), routeOf('/ITEMS/%67enres/'), routeOf('/users')]).toEqual(Array(3).fill({ oneRow: false }));
    expect([routeOf('/items/genres/1'), routeOf('/users/me'), routeOf('/USERS/abc/'), routeOf('/flows/abc')]).toEqual(Array(4).fill({ oneRow: true }));
  });

  it('leaves alone the system\'s routes under a name, which take lists of their own, and what is no collection', () => {
    expect([routeOf('/fields/genres'), routeOf('/Fields/genres'), routeOf('/flows/trigger/abc'), routeOf('/items/nothing/1'), routeOf('/site/reactions'), routeOf('/users/me/track')])
      .toEqual(Array(6).fill(null));
  });
});

describe('relatedRowsError', () => {
  const schema: SchemaOverview = { collections: { messages: collectionWithAliases('messages', ['images']) }, relations: [] };
  const of = (images: unknown) => relatedRowsError({ text: 'x', images }, 'messages', schema);

  it('takes keys, rows, the detailed form and no list at all, and leaves other fields alone', () => {
    expect([
      of([1, 'a', { directus_files_id: 'f' }]), of([]), of(null), of(undefined),
      of({ create: [{ directus_files_id: 'f' }], update: [{ id: 1 }], delete: [2, 'b'] }), of({ create: [] }),
      relatedRowsError({ text: [null] }, 'messages', schema), relatedRowsError({ images: [null] }, 'unknown', schema),
    ]).toEqual(Array(8).fill(null));
  });

  it('refuses a list holding anything but keys and rows, however it is given', () => {
    expect([
      of([null]), of([true]), of([false]), of([0]), of(['']), of([[1]]), of('f'), of(5),
      of({ create: [null] }), of({ update: [1] }), of({ delete: [null] }), of({ delete: [{ id: 1 }] }),
    ]).toEqual(Array(12).fill(RELATED_SHAPE));
  });
});
