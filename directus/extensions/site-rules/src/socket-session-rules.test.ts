import { describe, expect, it } from 'vitest';
import type { Accountability } from '../../shared/directus.ts';
import { socketEnds } from './socket-session-rules.ts';

const person = (user: string | null, session?: string): Accountability =>
  ({ user, role: user ? 'member' : null, roles: [], admin: false, app: false, ip: null, ...(session ? { session } : {}) });

describe('socketEnds', () => {
  const none = new Set<string>();

  it('leaves other people and visitors alone', () => {
    expect(socketEnds({ user: 'a', kept: null }, person('b', 's1'), none)).toBe(false);
    expect(socketEnds({ user: 'a', kept: null }, person(null), none)).toBe(false);
    expect(socketEnds({ user: 'a', kept: null }, null, none)).toBe(false);
  });

  it('ends every socket of the person when no session is kept, a static token too', () => {
    expect(socketEnds({ user: 'a', kept: null }, person('a', 's1'), none)).toBe(true);
    expect(socketEnds({ user: 'a', kept: null }, person('a'), none)).toBe(true);
  });

  it('keeps the session that changed the password and ends the others', () => {
    expect(socketEnds({ user: 'a', kept: 's1' }, person('a', 's1'), none)).toBe(false);
    expect(socketEnds({ user: 'a', kept: 's1' }, person('a', 's2'), none)).toBe(true);
    expect(socketEnds({ user: 'a', kept: 's1' }, person('a'), none)).toBe(false);
  });

  it('after a sign-out ends the sockets whose session is gone, and only them', () => {
    const live = new Set(['s2']);
    expect(socketEnds({ user: 'a', kept: 'live' }, person('a', 's1'), live)).toBe(true);
    expect(socketEnds({ user: 'a', kept: 'live' }, person('a', 's2'), live)).toBe(false);
    expect(socketEnds({ user: 'a', kept: 'live' }, person('a'), live)).toBe(false);
  });
});
