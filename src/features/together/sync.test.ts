import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_MESSAGES, type RoomCommand, type RoomMoment, type RoomView } from '../../../shared/together.ts';
import { listeners, type MediaEvent, type PlayerMedia } from '../player/media.ts';
import { SETTLE_MS } from './drift.ts';
import { LOADING_GRACE_MS, SEEK_LOAD_MS, SEEK_SETTLE_MS, SPEED_ANSWER_MS, syncMedia, TICK_MS, type RoomSync } from './sync.ts';

/** A media that answers at once, as a <video> would a moment later, and runs with the (fake) clock. */
function fakeMedia(kind: 'video' | 'embed' = 'video') {
  const heard = listeners();
  const state = { at: 0, since: 0, paused: true, ready: true, speed: 1, seekingTo: null as number | null };
  const time = () => (state.paused ? state.at : state.at + ((Date.now() - state.since) / 1000) * state.speed);
  const place = (s: number) => { state.at = s; state.since = Date.now(); };
  const calls: string[] = [];
  const media: PlayerMedia = {
    kind,
    closed: false,
    play: () => { calls.push('play'); if (state.paused) { place(time()); state.paused = false; heard.tell({ type: 'play' }); } },
    pause: () => { calls.push('pause'); if (!state.paused) { place(time()); state.paused = true; heard.tell({ type: 'pause' }); } },
    seek: (s) => { calls.push(`seek ${s}`); place(s); heard.tell({ type: 'seeked', seconds: s }); },
    setSpeed: (s) => { calls.push(`speed ${s}`); place(time()); state.speed = s; },
    setVolume: () => undefined,
    time,
    duration: () => 3600,
    paused: () => state.paused,
    seekingTo: () => state.seekingTo,
    ready: () => state.ready,
    on: heard.add,
    close: () => heard.clear(),
  };
  /** The person acts in the player's own controls. */
  const person = (e: MediaEvent) => {
    place(time());
    if (e.type === 'play') state.paused = false;
    if (e.type === 'pause') state.paused = true;
    if (e.type === 'seeked') place(e.seconds);
    heard.tell(e);
  };
  return { media, state, calls, person, place, time, tell: heard.tell };
}

const ME = 'me';
const LEADER = 'leader';

function roomView(moment: RoomMoment, o: Partial<RoomView> = {}): RoomView {
  return {
    code: 'c'.repeat(22), title: { id: 1, name: 'Дорама', slug: 'dorama' }, episode: 10, control: 'all', leader: LEADER,
    moment, waitingFor: [], waitingSince: null, members: [], version: 1, ...o,
  };
}

let server = 1_000_000;
const serverTime = () => server + Date.now();
let sent: RoomCommand[] = [];
let notices: string[] = [];
let sync: RoomSync | null = null;
/** What was sent but the member's state, which the player's every play and pause tells. */
const commands = () => sent.filter((c) => c.action !== 'state');
const states = () => sent.flatMap((c) => (c.action === 'state' ? [c.state] : []));

function start(kind: 'video' | 'embed' = 'video') {
  const m = fakeMedia(kind);
  sync = syncMedia({
    media: m.media, me: ME, send: (c) => sent.push(c), serverNow: serverTime, notice: (t) => notices.push(t), blocked: () => undefined,
  });
  return m;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
  server = 1_000_000;
  sent = [];
  notices = [];
});
afterEach(() => {
  sync?.close();
  sync = null;
  vi.useRealTimers();
});

describe('following the room', () => {
  it('holds a scheduled start at its second and plays when the server reaches its time', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 30, at: serverTime() + 500 }));
    expect(m.state.paused).toBe(true);
    expect(m.time()).toBe(30);
    vi.advanceTimersByTime(499);
    expect(m.state.paused).toBe(true);
    vi.advanceTimersByTime(1);
    expect(m.state.paused).toBe(false);
    expect(commands()).toEqual([]);
  });

  it('a pause stops the media at the room\'s second, and sends nothing back', () => {
    const m = start();
    m.person({ type: 'seeked', seconds: 44.7 });
    sync?.follow(roomView({ playing: false, position: 42, at: serverTime() }));
    expect(m.state.paused).toBe(true);
    expect(m.time()).toBe(42);
    expect(commands()).toEqual([]);
  });

  it('joins a playing room at its second now', () => {
    const m = start();
    const at = serverTime();
    vi.advanceTimersByTime(10_000);
    sync?.follow(roomView({ playing: true, position: 100, at }));
    expect(m.state.paused).toBe(false);
    expect(m.time()).toBeCloseTo(110, 3);
    expect(commands()).toEqual([]);
  });

  it('speeds up a video a little behind and seeks one far behind', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 100, at: serverTime() }));
    vi.advanceTimersByTime(2_000);
    m.place(m.time() - 0.3);
    vi.advanceTimersByTime(TICK_MS);
    expect(m.state.speed).toBeCloseTo(1.15, 2);
    m.place(m.time() - 5);
    vi.advanceTimersByTime(TICK_MS);
    expect(m.calls.at(-1)).toMatch(/^seek 102\.5/);
    expect(commands()).toEqual([]);
  });
});

describe('the member\'s own acts', () => {
  it('a pause and a seek of one\'s own go to the room', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 10, at: serverTime() }));
    vi.advanceTimersByTime(2_000);
    m.person({ type: 'pause' });
    expect(commands()).toEqual([{ action: 'pause', position: 12 }]);
    vi.advanceTimersByTime(TICK_MS * 2);
    expect(m.state.paused).toBe(true);
    m.person({ type: 'seeked', seconds: 80 });
    // The first seek goes at once; the drag that follows goes as one, where it ended.
    expect(commands().slice(1)).toEqual([{ action: 'seek', position: 80 }]);
    vi.advanceTimersByTime(SEEK_SETTLE_MS / 3);
    m.person({ type: 'seeked', seconds: 88 });
    m.person({ type: 'seeked', seconds: 95 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands().slice(1)).toEqual([{ action: 'seek', position: 80 }, { action: 'seek', position: 95 }]);
  });

  it('an own seek of our <video> goes to the room as it begins, and its end sends nothing more', () => {
    const m = start();
    sync?.follow(roomView({ playing: false, position: 10, at: serverTime() }));
    m.tell({ type: 'seeking', seconds: 40 });
    expect(commands()).toEqual([{ action: 'seek', position: 40 }]);
    vi.advanceTimersByTime(SEEK_SETTLE_MS * 2);
    m.person({ type: 'seeked', seconds: 40 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS * 2);
    expect(commands()).toEqual([{ action: 'seek', position: 40 }]);
  });

  it('a view about something else, come before the room\'s answer, leaves an own seek where the person put it', () => {
    const m = start();
    const paused = roomView({ playing: false, position: 0, at: serverTime() });
    sync?.follow(paused);
    m.person({ type: 'seeked', seconds: 16 });
    sync?.follow({ ...paused, version: 2 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    sync?.follow({ ...paused, version: 3 });
    expect(m.time()).toBe(16);
    expect(commands()).toEqual([{ action: 'seek', position: 16 }]);
    sync?.follow({ ...paused, moment: { ...paused.moment, position: 16 }, version: 4 });
    sync?.follow({ ...paused, moment: { ...paused.moment, position: 3 }, version: 5 });
    expect(m.time()).toBe(3);
  });

  it('a seek of one\'s own right after the sync\'s seeks is the person\'s, not taken for the sync\'s', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 25, at: serverTime() }));
    vi.advanceTimersByTime(2_000);
    // Two seeks of the sync in a row end in one 'seeked' (of the last), as a <video> does.
    let landed = NaN;
    m.media.seek = (s) => { m.place(s); landed = s; };
    m.place(m.time() - 3);
    vi.advanceTimersByTime(TICK_MS);
    m.place(m.time() - 3);
    vi.advanceTimersByTime(2_000);
    m.tell({ type: 'seeked', seconds: landed });
    expect(commands()).toEqual([]);
    m.person({ type: 'seeked', seconds: 24 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands()).toEqual([{ action: 'seek', position: 24 }]);
  });

  it('a seek of the sync\'s told ended at the second of the next one it asked, then that one told: none goes to the room', () => {
    const m = start();
    const asked: number[] = [];
    m.media.seek = (s) => { m.calls.push(`seek ${s}`); m.place(s); asked.push(s); };
    m.place(12);
    sync?.follow(roomView({ playing: true, position: 26.362, at: serverTime() + 150 }));
    m.tell({ type: 'seeking', seconds: 26.362 });
    // The start's timer comes late on a busy machine: the media is put at the room's second then, and plays.
    server += 60;
    vi.advanceTimersByTime(150);
    expect(asked).toHaveLength(2);
    const next = asked[1] ?? NaN;
    expect(next).toBeCloseTo(26.422, 6);
    // A <video> tells its time as the event is heard: the first seek's end reads the second one's second.
    m.tell({ type: 'seeked', seconds: next });
    m.tell({ type: 'seeking', seconds: next });
    vi.advanceTimersByTime(20);
    m.tell({ type: 'seeked', seconds: m.time() });
    vi.advanceTimersByTime(SEEK_SETTLE_MS * 2);
    expect(commands()).toEqual([]);
  });

  it('an embed that tells both of two seeks of the sync\'s at the second of the last: none goes to the room', () => {
    const m = start('embed');
    const asked: number[] = [];
    m.media.seek = (s) => { m.calls.push(`seek ${s}`); m.place(s); asked.push(s); };
    sync?.follow(roomView({ playing: false, position: 10, at: serverTime() }));
    sync?.follow(roomView({ playing: false, position: 20, at: serverTime() }, { version: 2 }));
    expect(asked).toEqual([10, 20]);
    m.tell({ type: 'seeked', seconds: 20 });
    m.tell({ type: 'seeked', seconds: 20 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS * 2);
    expect(commands()).toEqual([]);
  });

  it('the end of a seek of the sync\'s told once the playing media has run on past its second is the sync\'s', () => {
    const m = start();
    m.media.seek = (s) => { m.calls.push(`seek ${s}`); m.place(s); };
    sync?.follow(roomView({ playing: true, position: 25, at: serverTime() }));
    expect(m.calls).toEqual(['seek 25', 'play']);
    vi.advanceTimersByTime(200);
    m.tell({ type: 'seeked', seconds: m.time() });
    vi.advanceTimersByTime(SEEK_SETTLE_MS * 2);
    expect(commands()).toEqual([]);
  });

  it('an embed\'s jump in its own controls, told only once loaded, is left for its end and goes to the room', () => {
    const m = start('embed');
    sync?.follow(roomView({ playing: true, position: 26, at: serverTime() }));
    vi.advanceTimersByTime(SETTLE_MS + TICK_MS * 2);
    m.calls.length = 0;
    // The embed's time, asked four times a second, shows the new second before its 'seeked' comes.
    m.place(24);
    vi.advanceTimersByTime(TICK_MS * 3);
    expect(m.calls.filter((c) => c.startsWith('seek'))).toEqual([]);
    m.tell({ type: 'seeked', seconds: m.time() });
    expect(commands()).toEqual([{ action: 'seek', position: m.time() }]);
  });

  it('a seek of the sync\'s that loads longer than usual is still its own when it lands, not sent as the member\'s', () => {
    const m = start();
    let asked = NaN;
    m.media.seek = (s) => { asked = s; m.tell({ type: 'seeking', seconds: s }); };
    sync?.follow(roomView({ playing: false, position: 25, at: serverTime() }));
    expect(asked).toBe(25);
    vi.advanceTimersByTime(SEEK_LOAD_MS - 1_000);
    m.place(25);
    m.tell({ type: 'seeked', seconds: 25 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands()).toEqual([]);
    // A seek of the person's to the same second later is theirs.
    m.person({ type: 'seeking', seconds: 25 });
    expect(commands()).toEqual([{ action: 'seek', position: 25 }]);
  });

  it('the room\'s news between the person setting the time and its \'seeking\' does not undo it, and the seek goes once', () => {
    const m = start();
    const paused = roomView({ playing: false, position: 34, at: serverTime() });
    sync?.follow(paused);
    m.place(16);
    m.state.seekingTo = 16;
    sync?.follow({ ...paused, version: 2 });
    expect(m.time()).toBe(16);
    m.tell({ type: 'seeking', seconds: 16 });
    m.state.seekingTo = null;
    m.tell({ type: 'seeked', seconds: 16 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands()).toEqual([{ action: 'seek', position: 16 }]);
  });

  it('the room\'s news during a seek of one\'s own that is still loading does not undo it', () => {
    const m = start();
    const paused = roomView({ playing: false, position: 34, at: serverTime() });
    sync?.follow(paused);
    m.place(16);
    m.tell({ type: 'seeking', seconds: 16 });
    sync?.follow({ ...paused, version: 2 });
    expect(m.time()).toBe(16);
    m.tell({ type: 'seeked', seconds: 16 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands()).toEqual([{ action: 'seek', position: 16 }]);
  });

  it('a play of one\'s own in a paused room is sent, and the media waits for the room\'s start', () => {
    const m = start();
    sync?.follow(roomView({ playing: false, position: 50, at: serverTime() }));
    m.person({ type: 'play' });
    expect(commands()).toEqual([{ action: 'play', position: 50 }]);
    expect(m.state.paused).toBe(true);
  });

  it('a skip goes as a seek with its reason', () => {
    const m = start();
    sync?.follow(roomView({ playing: false, position: 5, at: serverTime() }));
    sync?.skipping(90);
    m.person({ type: 'seeked', seconds: 90 });
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands()).toEqual([{ action: 'seek', position: 90, reason: 'skip' }]);
  });

  it('where only the leader controls, a member\'s pause is undone and they are told why', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 10, at: serverTime() }, { control: 'leader' }));
    vi.advanceTimersByTime(TICK_MS);
    m.person({ type: 'pause' });
    expect(m.state.paused).toBe(false);
    expect(notices).toEqual([ROOM_MESSAGES.leaderOnly]);
    m.person({ type: 'seeked', seconds: 300 });
    expect(m.time()).toBeLessThan(20);
    vi.advanceTimersByTime(SEEK_SETTLE_MS);
    expect(commands()).toEqual([]);
  });

  it('the leader controls a leader-only room', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 10, at: serverTime() }, { control: 'leader', leader: ME }));
    vi.advanceTimersByTime(TICK_MS);
    m.person({ type: 'pause' });
    expect(commands()).toEqual([{ action: 'pause', position: m.time() }]);
  });
});

describe('the member\'s state', () => {
  it('tells the room what the player does, once a change', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 10, at: serverTime() }));
    vi.advanceTimersByTime(TICK_MS * 4);
    expect(states()).toEqual(['watching']);
    sync?.follow(roomView({ playing: false, position: 12, at: serverTime() }, { version: 2 }));
    sync?.follow(roomView({ playing: false, position: 12, at: serverTime() }, { version: 3 }));
    expect(states()).toEqual(['watching', 'paused']);
    expect(m.state.paused).toBe(true);
  });
});

describe('waiting and loading', () => {
  it('says ready once when the room waits for it and the media can play the second', () => {
    const m = start();
    m.state.ready = false;
    const waiting = roomView({ playing: false, position: 200, at: serverTime() }, { waitingFor: [ME, LEADER], waitingSince: serverTime() });
    sync?.follow(waiting);
    expect(m.time()).toBe(200);
    expect(commands()).toEqual([]);
    m.state.ready = true;
    m.tell({ type: 'playing' });
    vi.advanceTimersByTime(TICK_MS * 4);
    sync?.follow({ ...waiting, version: 2 });
    expect(commands()).toEqual([{ action: 'ready' }]);
  });

  it('tells a lasting stall of a playing room as loading, and a short one not at all', () => {
    const m = start();
    sync?.follow(roomView({ playing: true, position: 10, at: serverTime() }));
    vi.advanceTimersByTime(TICK_MS);
    m.tell({ type: 'waiting' });
    vi.advanceTimersByTime(LOADING_GRACE_MS / 2);
    m.tell({ type: 'playing' });
    vi.advanceTimersByTime(LOADING_GRACE_MS);
    expect(states()).toEqual(['watching']);
    const before = states().length;
    m.tell({ type: 'waiting' });
    vi.advanceTimersByTime(LOADING_GRACE_MS);
    expect(states().slice(before)).toEqual(['loading']);
  });

  it('seeks of its own answered one by one are all the sync\'s: none goes to the room', () => {
    const m = start('embed');
    const landed: number[] = [];
    m.media.seek = (s) => { m.calls.push(`seek ${s}`); m.place(s); landed.push(s); };
    sync?.follow(roomView({ playing: false, position: 10, at: serverTime() }));
    sync?.follow(roomView({ playing: false, position: 20, at: serverTime() }, { version: 2 }));
    expect(landed).toEqual([10, 20]);
    for (const seconds of landed) m.tell({ type: 'seeked', seconds });
    vi.advanceTimersByTime(SEEK_SETTLE_MS * 2);
    expect(commands()).toEqual([]);
  });

  it('a person\'s own seek a second away from the sync\'s unanswered one goes to the room', () => {
    const m = start('embed');
    m.media.seek = (s) => { m.calls.push(`seek ${s}`); m.place(s); };
    sync?.follow(roomView({ playing: false, position: 25.1, at: serverTime() }));
    expect(m.calls).toContain('seek 25.1');
    m.person({ type: 'seeked', seconds: 24 });
    expect(commands()).toEqual([{ action: 'seek', position: 24 }]);
  });

  it('while an embed\'s play is on its way, it is neither sought nor asked again', () => {
    const m = start('embed');
    m.media.play = () => { m.calls.push('play'); };
    sync?.follow(roomView({ playing: true, position: 30, at: serverTime() }));
    vi.advanceTimersByTime(TICK_MS * 6);
    expect(m.calls.filter((c) => c === 'play' || c.startsWith('seek'))).toEqual(['seek 30', 'play']);
    m.person({ type: 'play' });
    expect(commands()).toEqual([]);
  });

  it('an embed that says its new speed is brought to the room\'s second by speed, as a video is', () => {
    const m = start('embed');
    m.media.setSpeed = (speed) => { m.calls.push(`speed ${speed}`); m.place(m.time()); m.state.speed = speed; m.tell({ type: 'speed', speed }); };
    sync?.follow(roomView({ playing: true, position: 100, at: serverTime() }));
    vi.advanceTimersByTime(SETTLE_MS + TICK_MS);
    m.place(m.time() - 0.3);
    vi.advanceTimersByTime(TICK_MS);
    expect(m.state.speed).toBeGreaterThan(1);
    const roomSecond = () => 100 + (serverTime() - 1_000_000) / 1000;
    vi.advanceTimersByTime(10_000);
    expect(m.state.speed).toBe(1);
    expect(Math.abs(m.time() - roomSecond())).toBeLessThan(0.05);
    // Long after its first answer it is still steered by speed, never by a seek.
    vi.advanceTimersByTime(SPEED_ANSWER_MS);
    m.place(m.time() + 0.3);
    vi.advanceTimersByTime(TICK_MS);
    expect(m.state.speed).toBeLessThan(1);
    expect(m.calls.filter((c) => c.startsWith('seek'))).toHaveLength(1);
  });

  it('an embed that never says its new speed is left at its own speed, and corrected only beyond a second by a seek', () => {
    const m = start('embed');
    m.media.setSpeed = (speed) => { m.calls.push(`speed ${speed}`); };
    sync?.follow(roomView({ playing: true, position: 100, at: serverTime() }));
    vi.advanceTimersByTime(SETTLE_MS + TICK_MS);
    m.place(m.time() - 0.5);
    vi.advanceTimersByTime(SPEED_ANSWER_MS + 2 * TICK_MS);
    // It was asked once, and told back to normal speed once it proved deaf to it.
    expect(m.calls.filter((c) => c.startsWith('speed'))).toEqual([expect.stringMatching(/^speed 1\.2/), 'speed 1']);
    const seeks = m.calls.filter((c) => c.startsWith('seek')).length;
    m.place(m.time() - 1);
    vi.advanceTimersByTime(TICK_MS);
    expect(m.calls.filter((c) => c.startsWith('seek')).length).toBe(seeks + 1);
  });
});
