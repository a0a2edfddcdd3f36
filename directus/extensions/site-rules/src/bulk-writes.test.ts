import { describe, expect, it } from 'vitest';
import type { SchemaOverview } from '../../shared/directus.ts';
import { restTarget, routeCollection, socketTarget } from './bulk-writes.ts';
import { collectionWithAliases } from './relation-fixture.ts';

describe('restTarget', () => {
  it('counts the keys of a body that lists them', () => {
    expect([[1, 2], [], { keys: [1, 2, 3] }, { keys: [], data: {} }, [{ id: 1, read: true }]].map(restTarget))
      .toEqual([{ keys: 2 }, { keys: 0 }, { keys: 3 }, { keys: 0 }, { keys: 1 }]);
  });

  it('gives the query of a body that names its rows by one', () => {
    const query = { filter: { read: { _eq: false } } };
    expect(restTarget({ query, data: { read: true } })).toEqual({ query });
  });

  it('leaves to Directus a body it refuses itself', () => {
    expect([undefined, null, 'x', 5, {}, { query: 'x' }, { data: {} }].map(restTarget)).toEqual(Array(7).fill(null));
  });
});

describe('socketTarget', () => {
  const query = { filter: { id: { _eq: 1 } } };

  it('names rows by query where Directus would run it: a delete with no ids, an update with nothing else to go by', () => {
    expect(socketTarget({ type: 'items', action: 'delete', query }, false)).toEqual({ query });
    expect(socketTarget({ type: 'items', action: 'update', data: { read: true }, query }, false)).toEqual({ query });
    expect(socketTarget({ type: 'items', action: 'update', data: { read: true } }, false)).toEqual({ query: {} });
  });

  it('counts ids and a batch of rows, and leaves one row, a singleton\'s update, reads and creates alone', () => {
    expect(socketTarget({ type: 'items', action: 'delete', ids: [1, 2], query }, false)).toEqual({ keys: 2 });
    expect(socketTarget({ type: 'items', action: 'update', ids: [1], data: {}, query }, false)).toEqual({ keys: 1 });
    expect(socketTarget({ type: 'items', action: 'update', data: [{ id: 1 }, { id: 2 }] }, false)).toEqual({ keys: 2 });
    expect(socketTarget({ type: 'items', action: 'delete', id: 1, query }, false)).toBeNull();
    expect(socketTarget({ type: 'items', action: 'delete', id: '', query }, false)).toEqual({ query });
    expect(socketTarget({ type: 'items', action: 'update', id: 0, data: {}, query }, false)).toEqual({ query });
    expect(socketTarget({ type: 'items', action: 'update', data: { vk: 'https://vk.com' } }, true)).toBeNull();
    expect(socketTarget({ type: 'items', action: 'read', query }, false)).toBeNull();
    expect(socketTarget({ type: 'items', action: 'create', data: [{}], query }, false)).toBeNull();
    expect(socketTarget({ type: 'items', action: 'delete' }, false)).toBeNull();
  });
});

describe('routeCollection', () => {
  const schema: SchemaOverview = {
    collections: { alerts: collectionWithAliases('alerts', []), directus_files: collectionWithAliases('directus_files', []) },
    relations: [],
  };

  it('finds the collection of an items route and of Directus\'s own routes', () => {
    expect(['/items/alerts', '/items/alerts/', '/files'].map((p) => routeCollection(p, schema))).toEqual(['alerts', 'alerts', 'directus_files']);
  });

  it('finds them written in any case or with the collection encoded, as Express routes them', () => {
    expect(['/ITEMS/alerts', '/Items/%61lerts', '/FILES/'].map((p) => routeCollection(p, schema))).toEqual(['alerts', 'alerts', 'directus_files']);
  });

  it('leaves one row\'s route, unknown collections and other routes alone', () => {
    expect(['/items/alerts/5', '/items/nothing', '/site', '/site/watched/5', '/users/me', '/server'].map((p) => routeCollection(p, schema))).toEqual(Array(6).fill(null));
  });
});
