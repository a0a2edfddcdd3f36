import { describe, expect, it } from 'vitest';
import { ROOM_MAX_MEMBERS, ROOM_WAIT_LIMIT_MS, SCHEDULE_MAX_MS, SCHEDULE_MIN_MS } from '../../../../shared/together.ts';
import { applyChange, positionOf, rewritesLastLine, SEEK_LINE_RUN_MS, skippedSegment, type MemberFacts, type RoomChange, type RoomOutcome, type RoomState } from './room-rules.ts';

const NOW = 1_800_000_000_000;
const ANYA = 'a0000000-0000-4000-8000-000000000001';
const MAX = 'a0000000-0000-4000-8000-000000000002';
const LENA = 'a0000000-0000-4000-8000-000000000003';

const member = (id: string, name: string, extra: Partial<MemberFacts> = {}): MemberFacts =>
  ({ id, name, gender: null, state: 'paused', roundTrip: 100, ...extra });

function room(extra: Partial<RoomState> = {}): RoomState {
  return {
    leader: ANYA,
    control: 'all',
    episode: 11,
    moment: { playing: false, position: 60, at: NOW - 5000 },
    waitingFor: [],
    waitingSince: null,
    unwaited: [],
    version: 7,
    members: [member(ANYA, 'Аня', { gender: 'Женский' }), member(MAX, 'Макс', { gender: 'Мужской' }), member(LENA, 'Лена')],
    ...extra,
  };
}

const playing = (position = 60, at = NOW - 10_000) => ({ playing: true, position, at });

function applied(state: RoomState, actor: string, change: RoomChange, now = NOW): Extract<RoomOutcome, { ok: true }> {
  const outcome = applyChange(state, actor, change, now);
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal}`);
  return outcome;
}

const refusal = (state: RoomState, actor: string, change: RoomChange, now = NOW) => {
  const outcome = applyChange(state, actor, change, now);
  return outcome.ok ? null : outcome.refusal;
};

describe('play and pause', () => {
  it('play starts at a scheduled moment ahead, by the slowest online round trip', () => {
    const state = room({ members: [member(ANYA, 'Аня', { roundTrip: 80 }), member(MAX, 'Макс', { roundTrip: 400, gender: 'Мужской' }), member(LENA, 'Лена', { state: 'offline', roundTrip: 2000 })] });
    const out = applied(state, MAX, { action: 'play', position: 61.5 });
    expect(out.room.moment).toEqual({ playing: true, position: 61.5, at: NOW + 400 });
    expect(out.room.version).toBe(8);
    expect(out.lines).toEqual([{ kind: 'resumed', actor: { id: MAX, name: 'Макс', gender: 'Мужской' } }]);
  });

  it('a member with no measured round trip counts as the upper bound, and the start stays in bounds', () => {
    const unknown = room({ members: [member(ANYA, 'Аня', { roundTrip: null })] });
    expect(applied(unknown, ANYA, { action: 'play', position: 0 }).room.moment.at).toBe(NOW + SCHEDULE_MAX_MS);
    const fast = room({ members: [member(ANYA, 'Аня', { roundTrip: 1 })] });
    expect(applied(fast, ANYA, { action: 'play', position: 0 }).room.moment.at).toBe(NOW + SCHEDULE_MIN_MS);
  });

  it('pause stands still at the position, now, and ends any waiting', () => {
    const out = applied(room({ moment: playing(), waitingFor: [MAX], waitingSince: NOW - 100 }), LENA, { action: 'pause', position: 70.25 });
    expect(out.room.moment).toEqual({ playing: false, position: 70.25, at: NOW });
    expect(out.room.waitingFor).toEqual([]);
    expect(out.room.waitingSince).toBeNull();
    expect(out.lines[0]!.kind).toBe('paused');
  });

  it('positions are finite numbers from 0 to a day, or the command is refused', () => {
    for (const position of [-1, Number.NaN, Number.POSITIVE_INFINITY, 24 * 3600 + 1, '12' as unknown as number]) {
      expect(refusal(room(), ANYA, { action: 'play', position }), String(position)).toBe('badCommand');
      expect(refusal(room(), ANYA, { action: 'seek', position })).toBe('badCommand');
      expect(refusal(room(), ANYA, { action: 'pause', position })).toBe('badCommand');
    }
    expect(positionOf(24 * 3600)).toBe(24 * 3600);
    expect(positionOf(1.23456)).toBe(1.235);
  });
});

describe('control', () => {
  const leaderOnly = room({ control: 'leader' });

  it("in a leader-only room only the leader plays, pauses, seeks or changes the episode", () => {
    for (const change of [
      { action: 'play', position: 1 }, { action: 'pause', position: 1 }, { action: 'seek', position: 1 },
      { action: 'episode', episode: 12, name: '2 серия', next: false },
    ] as RoomChange[]) {
      expect(refusal(leaderOnly, MAX, change), change.action).toBe('leaderOnly');
      expect(refusal(leaderOnly, ANYA, change), change.action).toBeNull();
    }
  });

  it('everyone may say their own state and readiness in any room', () => {
    expect(refusal(leaderOnly, MAX, { action: 'state', state: 'loading' })).toBeNull();
    expect(refusal(leaderOnly, MAX, { action: 'ready' })).toBeNull();
  });

  it('lead, remove, control and dont-wait are the leader\'s alone', () => {
    for (const change of [
      { action: 'lead', user: LENA }, { action: 'remove', user: LENA }, { action: 'control', mode: 'leader' }, { action: 'dont-wait' },
    ] as RoomChange[]) expect(refusal(room(), MAX, change), change.action).toBe('notLeader');
  });

  it('someone who is not a member changes nothing', () => {
    expect(refusal(room(), 'a0000000-0000-4000-8000-000000000009', { action: 'play', position: 1 })).toBe('notMember');
  });

  it('control switches the mode with a line; the same mode changes nothing', () => {
    const out = applied(room(), ANYA, { action: 'control', mode: 'leader' });
    expect(out.room.control).toBe('leader');
    expect(out.lines).toEqual([{ kind: 'control', actor: { id: ANYA, name: 'Аня', gender: 'Женский' }, mode: 'leader' }]);
    const same = applied(room(), ANYA, { action: 'control', mode: 'all' });
    expect(same.changed).toBe(false);
    expect(same.room.version).toBe(7);
  });

  it('lead passes the lead to another member; not to a stranger or oneself', () => {
    const out = applied(room(), ANYA, { action: 'lead', user: MAX });
    expect(out.room.leader).toBe(MAX);
    expect(out.lines[0]).toMatchObject({ kind: 'lead', target: { name: 'Макс' } });
    expect(refusal(out.room, ANYA, { action: 'lead', user: LENA })).toBe('notLeader');
    expect(refusal(room(), ANYA, { action: 'lead', user: ANYA })).toBe('badCommand');
    expect(refusal(room(), ANYA, { action: 'lead', user: 'a0000000-0000-4000-8000-000000000009' })).toBe('badCommand');
  });

  it('remove takes a member out, names them, and the room stops waiting for them', () => {
    const state = room({ moment: { playing: false, position: 60, at: NOW - 100 }, waitingFor: [LENA], waitingSince: NOW - 100 });
    const out = applied(state, ANYA, { action: 'remove', user: LENA });
    expect(out.removed).toBe(LENA);
    expect(out.room.members.map((m) => m.id)).toEqual([ANYA, MAX]);
    expect(out.room.moment.playing).toBe(true);
    expect(out.lines[0]).toMatchObject({ kind: 'removed', target: { id: LENA } });
    expect(refusal(room(), ANYA, { action: 'remove', user: ANYA })).toBe('badCommand');
  });
});

describe('seeking and episodes', () => {
  it('a seek in a paused room just moves the position', () => {
    const out = applied(room(), MAX, { action: 'seek', position: 754 });
    expect(out.room.moment).toEqual({ playing: false, position: 754, at: NOW });
    expect(out.room.waitingFor).toEqual([]);
    expect(out.lines).toEqual([{ kind: 'seeked', actor: { id: MAX, name: 'Макс', gender: 'Мужской' }, position: 754 }]);
  });

  it('a seek in a playing room holds there and waits for every online member', () => {
    const state = room({ moment: playing(), members: [member(ANYA, 'Аня'), member(MAX, 'Макс'), member(LENA, 'Лена', { state: 'offline' })] });
    const out = applied(state, MAX, { action: 'seek', position: 90, skipped: 'recap' });
    expect(out.room.moment).toEqual({ playing: false, position: 90, at: NOW });
    expect(out.room.waitingFor).toEqual([ANYA, MAX]);
    expect(out.room.waitingSince).toBe(NOW);
    expect(out.lines).toEqual([{ kind: 'skipped', actor: { id: MAX, name: 'Макс', gender: null }, segment: 'recap' }]);
  });

  it('plays at a scheduled start once all are ready', () => {
    const seeked = applied(room({ moment: playing(), members: [member(ANYA, 'Аня'), member(MAX, 'Макс')] }), MAX, { action: 'seek', position: 90 }).room;
    const first = applied(seeked, ANYA, { action: 'ready' }, NOW + 300).room;
    expect(first.moment.playing).toBe(false);
    expect(first.waitingFor).toEqual([MAX]);
    const second = applied(first, MAX, { action: 'ready' }, NOW + 500);
    expect(second.room.moment).toEqual({ playing: true, position: 90, at: NOW + 500 + 100 });
    expect(second.room.waitingFor).toEqual([]);
    expect(second.room.waitingSince).toBeNull();
    expect(second.lines).toEqual([]);
  });

  it('a ready nobody waited for changes nothing', () => {
    const out = applied(room(), MAX, { action: 'ready' });
    expect(out.changed).toBe(false);
  });

  it('an episode change starts it from 0, and waits as a seek does', () => {
    const out = applied(room({ moment: playing(300) }), LENA, { action: 'episode', episode: 12, name: '2 серия', next: true });
    expect(out.room.episode).toBe(12);
    expect(out.room.moment).toEqual({ playing: false, position: 0, at: NOW });
    expect(out.room.waitingFor).toEqual([ANYA, MAX, LENA]);
    expect(out.lines[0]!.kind).toBe('nextEpisode');
    const named = applied(room(), LENA, { action: 'episode', episode: 13, name: '3 серия', next: false });
    expect(named.lines[0]).toMatchObject({ kind: 'episode', name: '3 серия' });
    expect(named.room.waitingFor).toEqual([]);
  });

  it('the episode the room is on already changes nothing: no wait, no line', () => {
    const switched = applied(room({ moment: playing(300) }), LENA, { action: 'episode', episode: 12, name: '2 серия', next: true }).room;
    const going = applied(switched, ANYA, { action: 'ready' }, NOW + 50).room;
    for (const next of [true, false]) {
      const again = applied(going, LENA, { action: 'episode', episode: 12, name: '2 серия', next }, NOW + 4000);
      expect(again.changed).toBe(false);
      expect(again.lines).toEqual([]);
      expect(again.room).toEqual(going);
    }
  });
});

describe('members who load', () => {
  it("a member's loading pauses a playing room at its current moment and waits for them", () => {
    const out = applied(room({ moment: playing(60, NOW - 10_000) }), LENA, { action: 'state', state: 'loading' });
    expect(out.room.moment).toEqual({ playing: false, position: 70, at: NOW });
    expect(out.room.waitingFor).toEqual([LENA]);
    expect(out.room.waitingSince).toBe(NOW);
    expect(out.room.members.find((m) => m.id === LENA)!.state).toBe('loading');
  });

  it('a play scheduled ahead is held at its position', () => {
    const out = applied(room({ moment: { playing: true, position: 60, at: NOW + 500 } }), LENA, { action: 'state', state: 'loading' });
    expect(out.room.moment.position).toBe(60);
  });

  it('a second member loading while the room waits is waited for too', () => {
    const state = room({ waitingFor: [LENA], waitingSince: NOW - 1000 });
    expect(applied(state, MAX, { action: 'state', state: 'loading' }).room.waitingFor).toEqual([LENA, MAX]);
    expect(applied(state, MAX, { action: 'state', state: 'loading' }).room.waitingSince).toBe(NOW - 1000);
  });

  it('loading in a paused room is only their state', () => {
    const out = applied(room(), LENA, { action: 'state', state: 'loading' });
    expect(out.room.waitingFor).toEqual([]);
    expect(out.room.moment).toEqual(room().moment);
  });

  it('watching again (or ready) lets the room play once nobody is left to wait for', () => {
    const held = applied(room({ moment: playing() }), LENA, { action: 'state', state: 'loading' }).room;
    const out = applied(held, LENA, { action: 'state', state: 'watching' }, NOW + 1000);
    expect(out.room.moment).toEqual({ playing: true, position: 70, at: NOW + 1000 + 100 });
    const ready = applied(held, LENA, { action: 'ready' }, NOW + 1000).room;
    expect(ready.moment.playing).toBe(true);
    expect(ready.members.find((m) => m.id === LENA)!.state).toBe('paused');
  });

  it('a member who goes offline is no longer waited for', () => {
    const held = applied(room({ moment: playing() }), LENA, { action: 'state', state: 'loading' }).room;
    const out = applied(held, LENA, { action: 'offline' }, NOW + 2000);
    expect(out.room.moment.playing).toBe(true);
    expect(out.room.members.find((m) => m.id === LENA)!.state).toBe('offline');
  });
});

describe("dont-wait", () => {
  const waiting = room({ moment: { playing: false, position: 70, at: NOW }, waitingFor: [LENA], waitingSince: NOW });

  it('is refused before the wait limit', () => {
    expect(refusal(waiting, ANYA, { action: 'dont-wait' }, NOW + ROOM_WAIT_LIMIT_MS - 1)).toBe('tooEarlyToSkipWaiting');
  });

  it('after it clears the waiting and schedules play, naming who was left behind', () => {
    const out = applied(waiting, ANYA, { action: 'dont-wait' }, NOW + ROOM_WAIT_LIMIT_MS);
    expect(out.room.waitingFor).toEqual([]);
    expect(out.room.moment).toEqual({ playing: true, position: 70, at: NOW + ROOM_WAIT_LIMIT_MS + 100 });
    expect(out.lines).toEqual([{ kind: 'dontWait', actor: { id: ANYA, name: 'Аня', gender: 'Женский' }, waited: [{ id: LENA, name: 'Лена', gender: null }] }]);
  });

  it('is only the leader\'s', () => {
    expect(refusal(waiting, MAX, { action: 'dont-wait' }, NOW + ROOM_WAIT_LIMIT_MS)).toBe('notLeader');
  });

  it('leaves those not waited for unable to hold the room again, by loading or a seek, until the episode changes', () => {
    const led = { ...waiting, control: 'leader' as const };
    const going = applied(led, ANYA, { action: 'dont-wait' }, NOW + ROOM_WAIT_LIMIT_MS).room;
    expect(going.unwaited).toEqual([LENA]);
    const later = NOW + ROOM_WAIT_LIMIT_MS + 5000;
    const loading = applied(going, LENA, { action: 'state', state: 'loading' }, later).room;
    expect(loading.moment.playing).toBe(true);
    expect(loading.waitingFor).toEqual([]);
    expect(loading.members.find((m) => m.id === LENA)?.state).toBe('loading');
    expect(applied(going, ANYA, { action: 'seek', position: 300 }, later).room.waitingFor).toEqual([ANYA, MAX]);
    const next = applied(going, ANYA, { action: 'episode', episode: 12, name: '12 серия', next: true }, later).room;
    expect(next.unwaited).toEqual([]);
    expect(next.waitingFor).toEqual([ANYA, MAX, LENA]);
    // Another member loading still holds the room, as before.
    expect(applied(going, MAX, { action: 'state', state: 'loading' }, later).room.waitingFor).toEqual([MAX]);
  });
});

describe('skippedSegment', () => {
  const segments = [{ kind: 'opening' as const, start: 60, end: 150 }, { kind: 'ending' as const, start: 1380, end: 1500 }];

  it('names the segment the room was in when the seek lands at its end, or at the episode\'s', () => {
    expect(skippedSegment(segments, 1500, 75, 150)).toBe('opening');
    expect(skippedSegment(segments, 1500, 59.5, 150.4)).toBe('opening');
    expect(skippedSegment(segments, 1450, 1400, 1450)).toBe('ending');
  });

  it('names nothing for a seek that lands elsewhere, goes back, or starts outside the segment', () => {
    expect(skippedSegment(segments, 1500, 75, 3000)).toBeNull();
    expect(skippedSegment(segments, 1500, 200, 150)).toBeNull();
    expect(skippedSegment(segments, 1500, 10, 150)).toBeNull();
    expect(skippedSegment([], null, 75, 150)).toBeNull();
  });
});

describe('rewritesLastLine', () => {
  const seekLine = { kind: 'seek', user: MAX, at: NOW };

  it("a seek soon after the same member's seek line rewrites it", () => {
    expect(rewritesLastLine(seekLine, MAX, NOW + 1)).toBe(true);
    expect(rewritesLastLine(seekLine, MAX, NOW + SEEK_LINE_RUN_MS)).toBe(true);
  });

  it("adds a line after someone else's seek, another kind of line, a pause too long, or in an empty chat", () => {
    expect(rewritesLastLine(seekLine, ANYA, NOW + 1)).toBe(false);
    expect(rewritesLastLine({ ...seekLine, kind: 'event' }, MAX, NOW + 1)).toBe(false);
    expect(rewritesLastLine({ ...seekLine, kind: 'text' }, MAX, NOW + 1)).toBe(false);
    expect(rewritesLastLine(seekLine, MAX, NOW + SEEK_LINE_RUN_MS + 1)).toBe(false);
    expect(rewritesLastLine(undefined, MAX, NOW)).toBe(false);
  });
});

describe('entering, coming and going', () => {
  const newcomer = { id: 'a0000000-0000-4000-8000-000000000004', name: 'Оля', gender: 'Женский' };

  it('a new member enters offline, with a line; entering again writes nothing', () => {
    const out = applied(room(), newcomer.id, { action: 'enter', person: newcomer });
    expect(out.room.members.at(-1)).toEqual({ ...newcomer, state: 'offline', roundTrip: null });
    expect(out.lines).toEqual([{ kind: 'joined', actor: newcomer }]);
    const again = applied(out.room, newcomer.id, { action: 'enter', person: newcomer });
    expect(again.changed).toBe(false);
    expect(again.lines).toEqual([]);
  });

  it(`a room of ${ROOM_MAX_MEMBERS} is full`, () => {
    const members = Array.from({ length: ROOM_MAX_MEMBERS }, (_, i) => member(`a0000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`, `p${i}`));
    expect(refusal(room({ members, leader: members[0]!.id }), newcomer.id, { action: 'enter', person: newcomer })).toBe('full');
  });

  it('a socket brings an offline member back as paused; the version grows with it', () => {
    const state = room({ members: [member(ANYA, 'Аня'), member(MAX, 'Макс', { state: 'offline' })] });
    const out = applied(state, MAX, { action: 'online' });
    expect(out.room.members[1]!.state).toBe('paused');
    expect(out.room.version).toBe(8);
    expect(applied(out.room, MAX, { action: 'online' }).changed).toBe(false);
  });

  it('the leader who leaves passes the lead to the earliest online member', () => {
    const state = room({ members: [member(ANYA, 'Аня'), member(MAX, 'Макс', { state: 'offline' }), member(LENA, 'Лена')] });
    const out = applied(state, ANYA, { action: 'leave' });
    expect(out.left).toBe(ANYA);
    expect(out.room.leader).toBe(LENA);
    expect(out.lines[0]!.kind).toBe('left');
  });

  it('a room whose leader is gone is led by its first member at the next change', () => {
    const out = applied(room({ leader: null }), MAX, { action: 'state', state: 'watching' });
    expect(out.room.leader).toBe(ANYA);
  });
});
