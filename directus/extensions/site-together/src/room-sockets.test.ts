import { describe, expect, it } from 'vitest';
import type { RoomView } from '../../../../shared/together.ts';
import { RoomSockets, type Client } from './room-sockets.ts';

const CODE = 'AbCdEfGhIjKlMnOpQrSt_-';

function client(user: string | null): Client & { frames: Record<string, any>[] } {
  const frames: Record<string, any>[] = [];
  return { accountability: user ? { user } : null, frames, send: (data: string) => void frames.push(JSON.parse(data)) };
}

function view(version: number, members: [string, RoomView['members'][number]['state']][]): RoomView {
  return {
    code: CODE, title: { id: 1, name: 'Дорама', slug: 'dorama' }, episode: 1, control: 'all', leader: members[0]?.[0] ?? '',
    moment: { playing: false, position: 0, at: 0 }, waitingFor: [], waitingSince: null, version,
    members: members.map(([id, state]) => ({ id, name: id, login: id, avatar: null, state })),
  };
}

const message = { id: 1, kind: 'text' as const, user: 'anya', text: 'привет', replyTo: null, date: '2026-11-28T12:00:00.000Z' };

describe("an instance's sockets in rooms", () => {
  it('hear the room\'s news with the uid of their join', () => {
    const sockets = new RoomSockets();
    const anya = client('anya');
    sockets.bind(CODE, anya, 'anya', 'j1', view(1, [['anya', 'paused']]));
    sockets.deliver({ room: CODE, view: view(2, [['anya', 'watching']]), messages: [message] });
    expect(anya.frames).toEqual([
      { type: 'together', room: view(2, [['anya', 'watching']]), uid: 'j1', event: 'room' },
      { type: 'together', room: CODE, uid: 'j1', event: 'message', message },
    ]);
  });

  it('keep nothing of the news of a room no socket here is in', () => {
    const sockets = new RoomSockets();
    expect(sockets.deliver({ room: CODE, view: view(1, [['anya', 'watching']]) })).toEqual({ offline: [], signedOut: [] });
    expect(sockets.isMember(CODE, 'anya')).toBe(false);
  });

  it('a removed member is told and unbound; a member who left is unbound quietly', () => {
    const sockets = new RoomSockets();
    const [anya, max, lena] = [client('anya'), client('max'), client('lena')];
    const all = view(1, [['anya', 'paused'], ['max', 'paused'], ['lena', 'paused']]);
    sockets.bind(CODE, anya, 'anya', undefined, all);
    sockets.bind(CODE, max, 'max', undefined, all);
    sockets.bind(CODE, lena, 'lena', undefined, all);
    sockets.deliver({ room: CODE, view: view(2, [['anya', 'paused'], ['lena', 'paused']]), removed: 'max' });
    expect(max.frames).toEqual([{ type: 'together', room: CODE, event: 'removed' }]);
    expect(sockets.boundAs(CODE, max)).toBeNull();
    sockets.deliver({ room: CODE, view: view(3, [['anya', 'paused']]), left: 'lena' });
    expect(lena.frames.map((f) => f.event)).toEqual(['room']);
    expect(sockets.boundAs(CODE, lena)).toBeNull();
    sockets.deliver({ room: CODE, messages: [message] });
    expect(max.frames).toHaveLength(1);
    expect(lena.frames).toHaveLength(1);
    expect(anya.frames.at(-1)!.event).toBe('message');
  });

  it('a socket signed in as someone else now, or whose person the newest view no longer counts, hears nothing', () => {
    const sockets = new RoomSockets();
    const anya = client('anya');
    sockets.bind(CODE, anya, 'anya', undefined, view(1, [['anya', 'paused']]));
    anya.accountability = null;
    expect(sockets.deliver({ room: CODE, messages: [message] })).toEqual({ offline: [], signedOut: ['anya'] });
    expect(anya.frames).toEqual([]);
    const max = client('max');
    sockets.bind(CODE, max, 'max', undefined, view(5, [['max', 'paused']]));
    sockets.deliver({ room: CODE, view: view(6, [['anya', 'paused']]) });
    expect(max.frames).toEqual([]);
  });

  it('an older view does not undo a newer one\'s members', () => {
    const sockets = new RoomSockets();
    const max = client('max');
    sockets.bind(CODE, max, 'max', undefined, view(5, [['max', 'paused']]));
    sockets.deliver({ room: CODE, view: view(4, [['anya', 'paused']]) });
    expect(sockets.isMember(CODE, 'max')).toBe(true);
  });

  it('answers the people bound here whom a view shows offline, and who has no other socket when one closes', () => {
    const sockets = new RoomSockets();
    const [one, two] = [client('anya'), client('anya')];
    const v = view(1, [['anya', 'paused']]);
    sockets.bind(CODE, one, 'anya', undefined, v);
    sockets.bind(CODE, two, 'anya', undefined, v);
    expect(sockets.deliver({ room: CODE, view: view(2, [['anya', 'offline']]) })).toEqual({ offline: ['anya'], signedOut: [] });
    expect(sockets.forget(one)).toEqual([]);
    expect(sockets.forget(two)).toEqual([{ room: CODE, user: 'anya' }]);
    expect(sockets.boundPeople()).toEqual([]);
  });

  it('a person whose sockets here were all signed out is no longer seen, and is answered once to go offline', () => {
    const sockets = new RoomSockets();
    const [anya, again, max] = [client('anya'), client('anya'), client('max')];
    const v = view(1, [['anya', 'paused'], ['max', 'paused']]);
    sockets.bind(CODE, anya, 'anya', undefined, v);
    sockets.bind(CODE, again, 'anya', undefined, v);
    sockets.bind(CODE, max, 'max', undefined, v);
    anya.accountability = null;
    expect(sockets.boundPeople()).toEqual([{ room: CODE, user: 'anya' }, { room: CODE, user: 'max' }]);
    // Her other socket is still hers: she stays.
    expect(sockets.dropSignedOut()).toEqual([]);
    again.accountability = null;
    max.accountability = { user: 'lena' };
    expect(sockets.boundPeople()).toEqual([]);
    expect(sockets.dropSignedOut()).toEqual([{ room: CODE, user: 'anya' }, { room: CODE, user: 'max' }]);
    expect(sockets.dropSignedOut()).toEqual([]);
    expect(sockets.boundAs(CODE, again)).toBeNull();
  });

  it('a room that ended tells everyone and forgets them', () => {
    const sockets = new RoomSockets();
    const anya = client('anya');
    sockets.bind(CODE, anya, 'anya', undefined, view(1, [['anya', 'paused']]));
    sockets.deliver({ room: CODE, ended: true });
    expect(anya.frames).toEqual([{ type: 'together', room: CODE, event: 'removed' }]);
    expect(sockets.boundPeople()).toEqual([]);
  });

  it('a socket that fails to send does not stop the others', () => {
    const errors: unknown[] = [];
    const sockets = new RoomSockets((err) => errors.push(err));
    const broken: Client = { accountability: { user: 'max' }, send: () => { throw new Error('closed'); } };
    const anya = client('anya');
    const v = view(1, [['anya', 'paused'], ['max', 'paused']]);
    sockets.bind(CODE, broken, 'max', undefined, v);
    sockets.bind(CODE, anya, 'anya', undefined, v);
    sockets.deliver({ room: CODE, messages: [message] });
    expect(errors).toHaveLength(1);
    expect(anya.frames).toHaveLength(1);
  });
});
