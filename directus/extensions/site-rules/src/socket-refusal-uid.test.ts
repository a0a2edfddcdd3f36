import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { nameRefusals, namingUid } from './socket-refusal-uid.ts';

const refusal = (type: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ type, status: 'error', error: { code: 'FORBIDDEN', message: 'Нет доступа' }, ...extra });

describe('an error frame answering a frame', () => {
  it('is given that frame\'s uid when it has none, whether of the frame\'s type or the filters\' `server`', () => {
    expect(JSON.parse(namingUid(refusal('subscribe'), 'subscribe', 'g'))).toEqual({ ...JSON.parse(refusal('subscribe')), uid: 'g' });
    expect(JSON.parse(namingUid(refusal('server'), 'items', 'h')).uid).toBe('h');
  });

  it('keeps a uid it names, even another', () => {
    const named = refusal('items', { uid: 'other' });
    expect(namingUid(named, 'items', 'h')).toBe(named);
  });

  it('leaves alone what is no refusal of it: answers, events, refusals of another type, text that is not JSON', () => {
    for (const data of [
      JSON.stringify({ type: 'items', status: 'ok', data: { id: 1 } }),
      JSON.stringify({ type: 'subscription', event: 'create', data: [{ id: 1, text: 'error' }] }),
      refusal('subscribe'),
      'not "error" json',
      JSON.stringify(['error']),
    ]) expect(namingUid(data, 'items', 'h')).toBe(data);
  });
});

describe('a socket whose refusals are named', () => {
  /** A socket as Directus's controller has it: frames heard on 'parsed-message', sent as text. */
  function socket() {
    const sent: string[] = [];
    const events = new EventEmitter();
    const ws = {
      sent,
      listeners: (event: 'parsed-message') => events.listeners(event) as ((message: unknown) => unknown)[],
      off: (event: 'parsed-message', listener: (message: unknown) => unknown) => events.off(event, listener),
      on: (event: 'parsed-message', listener: (message: unknown) => unknown) => events.on(event, listener),
      emit: (message: unknown) => events.emit('parsed-message', message),
      send(data: string) { sent.push(data); },
    };
    return ws;
  }

  it('names the refusal its frame\'s handling sends, but not the token\'s expiry a timer it set sends after', async () => {
    const ws = socket();
    let expired!: () => void;
    const expiry = new Promise<void>((resolve) => { expired = resolve; });
    ws.on('parsed-message', async () => {
      await Promise.resolve();
      ws.send(refusal('auth'));
      setTimeout(() => { ws.send(JSON.stringify({ type: 'auth', status: 'error', error: { code: 'TOKEN_EXPIRED', message: 'Token expired.' } })); expired(); }, 5);
    });
    nameRefusals(ws);
    ws.emit({ type: 'auth', uid: 'a1' });
    await expiry;
    expect(ws.sent.map((data) => JSON.parse(data).uid)).toEqual(['a1', undefined]);
  });
});
