import { describe, expect, it } from 'vitest';
import type { Accountability } from '../../shared/directus.ts';
import type { WebSocketEvent } from '../../shared/directus-internals.ts';
import { NOBODY, announces, deletedFor, eventKeys, hears, readKey, readerFor, readingGroup, readsAlone, seesNone, sharedFrameKey, sharedReadKey } from './fanout-rules.ts';

const USER_ROLE = 'role-user';
const person = (user: string | null, more: Partial<Accountability> = {}): Accountability =>
  ({ user, role: USER_ROLE, roles: [USER_ROLE], admin: false, app: false, ip: '127.0.0.1', ...more });

const created: WebSocketEvent = { collection: 'messages', action: 'create', key: 7, payload: {} };
const updated: WebSocketEvent = { collection: 'messages', action: 'update', keys: [7, 8], payload: {} };
const deleted: WebSocketEvent = { collection: 'messages', action: 'delete', keys: [7], payload: {} };

describe('which events go out', () => {
  it('announces creations and updates, never deletions', () => {
    expect([created, updated, deleted].map(announces)).toEqual([true, true, false]);
  });

  it('tells a deletion only to subscriptions that hear deletions; to one of a row, only that row', () => {
    const rows = [{ id: 7, title: 3, deleted: false }, { id: 8, title: 3, deleted: true }];
    expect(deletedFor({}, rows)).toEqual(rows);
    expect(deletedFor({ event: 'delete' }, rows)).toEqual(rows);
    expect(deletedFor({ event: 'update' }, rows)).toEqual([]);
    expect(deletedFor({ event: 'create' }, rows)).toEqual([]);
    expect(deletedFor({ item: '8' }, rows)).toEqual([rows[1]]);
    expect(deletedFor({ item: '9', event: 'delete' }, rows)).toEqual([]);
  });

  it('names the rows of one-row and many-row events alike', () => {
    expect(eventKeys(created)).toEqual([7]);
    expect(eventKeys(updated)).toEqual([7, 8]);
  });

  it('sends a subscription of one kind of event that kind alone', () => {
    expect(hears({}, created)).toBe(true);
    expect(hears({ event: 'update' }, updated)).toBe(true);
    expect(hears({ event: 'update' }, created)).toBe(false);
  });

  it('sends a subscription to one row the events on that row alone, whatever type its key has', () => {
    expect(hears({ item: '8' }, updated)).toBe(true);
    expect(hears({ item: '7', event: 'create' }, created)).toBe(true);
    expect(hears({ item: '9' }, updated)).toBe(false);
    expect(hears({ item: '8', event: 'create' }, updated)).toBe(false);
  });

  it('shares a read between subscriptions of the same query and row only', () => {
    const query = { fields: ['id'] };
    expect(readKey({ query })).toBe(readKey({ query: { fields: ['id'] } }));
    expect(readKey({ query })).not.toBe(readKey({ query, item: '7' }));
    expect(readKey({ query, item: '7' })).not.toBe(readKey({ query, item: '8' }));
    expect(readKey({})).not.toBe(readKey({ query }));
  });

  it('sends nothing to a reader whose read shows none of the rows', () => {
    expect(seesNone({ event: 'create', data: [] })).toBe(true);
    expect(seesNone({ event: 'create', data: [{ id: 7 }] })).toBe(false);
    expect(seesNone({ event: 'init' })).toBe(false);
  });
});

describe('who reads with others', () => {
  const policies = ['policy-public', 'policy-user'];

  it('reads a shared event as nobody in particular with the same roles and address', () => {
    const who = person('u-1');
    expect(readerFor(who)).toEqual({ ...who, user: NOBODY });
    const visitor = person(null, { role: null, roles: [] });
    expect(readerFor(visitor)).toBe(visitor);
  });

  it('groups people whose policies are all their roles’, by roles and policies', () => {
    const a = readingGroup(person('u-1'), policies, policies);
    const b = readingGroup(person('u-2', { ip: '10.0.0.2' }), policies, policies);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(readingGroup(person('u-3', { role: 'role-premium', roles: ['role-premium'] }), policies, policies)).not.toBe(a);
    expect(readingGroup(person('u-4', { app: true }), policies, policies)).not.toBe(a);
  });

  it('lets someone with a policy of their own, or a share, read alone', () => {
    expect(readingGroup(person('u-1'), [...policies, 'policy-own'], policies)).toBeNull();
    expect(readingGroup(person(null, { share: 'share-1' }), policies, policies)).toBeNull();
  });

  it('lets the people the changed rows concern read them as themselves', () => {
    const concerned = new Set(['author', 'member']);
    expect(readsAlone(person('author'), concerned)).toBe(true);
    expect(readsAlone(person('stranger'), concerned)).toBe(false);
    expect(readsAlone(person(null), concerned)).toBe(false);
  });

  it('shares a read per group and query, and a frame per read and subscription name', () => {
    const read = sharedReadKey('group', '{"fields":["id"]}');
    expect(read).not.toBe(sharedReadKey('group', '{"fields":["text"]}'));
    expect(read).not.toBe(sharedReadKey('other', '{"fields":["id"]}'));
    expect(sharedFrameKey(read, 'chat')).not.toBe(sharedFrameKey(read, undefined));
    expect(sharedFrameKey(read, undefined)).toBe(sharedFrameKey(read, undefined));
  });
});
