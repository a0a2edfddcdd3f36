import { describe, expect, it } from 'vitest';
import { ROOM_MESSAGE_MAX } from '../../../../shared/together.ts';
import { ROUND_TRIP_MAX_MS, readFrame } from './room-frames.ts';

const room = 'AbCdEfGhIjKlMnOpQrSt_-';
const frame = (extra: Record<string, unknown>) => ({ type: 'together', room, ...extra });

describe('a together frame', () => {
  it('reads each command', () => {
    expect(readFrame(frame({ action: 'join', uid: 'j' }))).toEqual({ room, uid: 'j', command: { action: 'join' } });
    expect(readFrame(frame({ action: 'play', position: 12.5 }))).toEqual({ room, command: { action: 'play', position: 12.5 } });
    expect(readFrame(frame({ action: 'seek', position: 90, reason: 'skip' }))).toMatchObject({ command: { action: 'seek', position: 90, reason: 'skip' } });
    expect(readFrame(frame({ action: 'episode', episode: 4, reason: 'next' }))).toMatchObject({ command: { action: 'episode', episode: 4, reason: 'next' } });
    expect(readFrame(frame({ action: 'state', state: 'loading' }))).toMatchObject({ command: { action: 'state', state: 'loading' } });
    expect(readFrame(frame({ action: 'ping', sent: 5, rtt: 120.4 }))).toMatchObject({ command: { action: 'ping', sent: 5, rtt: 120 } });
    expect(readFrame(frame({ action: 'ping', sent: 5, rtt: 1e9 }))).toMatchObject({ command: { rtt: ROUND_TRIP_MAX_MS } });
    expect(readFrame(frame({ action: 'message', text: '  привет  ', replyTo: 3 }))).toMatchObject({ command: { action: 'message', text: 'привет', replyTo: 3 } });
    expect(readFrame(frame({ action: 'react', emoji: '🔥' }))).toMatchObject({ command: { action: 'react', emoji: '🔥' } });
    expect(readFrame(frame({ action: 'lead', user: 'A0000000-0000-4000-8000-000000000001' }))).toMatchObject({ command: { user: 'a0000000-0000-4000-8000-000000000001' } });
    expect(readFrame(frame({ action: 'control', mode: 'leader' }))).toMatchObject({ command: { action: 'control', mode: 'leader' } });
  });

  it('a room that is no code is not found, whatever it is', () => {
    for (const bad of [undefined, 12, ['x'], { a: 1 }, 'short', 'x'.repeat(100_000)]) {
      expect(readFrame({ type: 'together', room: bad, action: 'join' })).toMatchObject({ code: 'notFound', action: 'join' });
    }
  });

  it('refuses wrong types, lists and values out of their vocabulary', () => {
    const bad = [
      { action: 'play', position: '12' }, { action: 'play', position: [1] }, { action: 'play' }, { action: 'play', position: -3 },
      { action: 'seek', position: 1, reason: 'other' }, { action: 'episode', episode: 1.5 }, { action: 'episode', episode: '4' },
      { action: 'state', state: 'offline' }, { action: 'state', state: ['loading'] }, { action: 'ping' }, { action: 'ping', sent: 1, rtt: -1 },
      { action: 'control', mode: 'anyone' }, { action: 'lead', user: 'not-a-uuid' }, { action: 'remove', user: { id: 'x' } },
      { action: 'message', text: 5 }, { action: 'message', text: 'x', replyTo: '3' }, { action: 'fly' }, { action: ['play'] },
      { action: 'join', uid: { a: 1 } }, { action: 'join', uid: 'u'.repeat(1000) },
    ];
    for (const extra of bad) expect(readFrame(frame(extra)), JSON.stringify(extra)).toMatchObject({ code: 'badCommand' });
  });

  it('a message is trimmed, not blank and not over the limit', () => {
    for (const text of ['   ', '\u200b\u200b', '\u3164', '\u2800\u200d']) expect(readFrame(frame({ action: 'message', text }))).toMatchObject({ code: 'emptyMessage' });
    expect(readFrame(frame({ action: 'message', text: 'я'.repeat(ROOM_MESSAGE_MAX) }))).toMatchObject({ command: { action: 'message' } });
    expect(readFrame(frame({ action: 'message', text: 'я'.repeat(ROOM_MESSAGE_MAX + 1) }))).toMatchObject({ code: 'tooLong' });
    expect(readFrame(frame({ action: 'message', text: 'при\u0000вет' }))).toMatchObject({ code: 'badCharacter' });
    expect(readFrame(frame({ action: 'message', text: `при${'\u0301'.repeat(40)}вет` }))).toMatchObject({ code: 'stackedMarks' });
    expect(readFrame(frame({ action: 'message', text: ' '.repeat(1_000_000) }))).toMatchObject({ code: 'tooLong' });
  });

  it('a reaction is one of the room\'s', () => {
    expect(readFrame(frame({ action: 'react', emoji: '💩' }))).toMatchObject({ code: 'badReaction' });
  });
});
