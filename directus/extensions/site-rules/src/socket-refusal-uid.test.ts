import { describe, expect, it } from 'vitest';
import { namingUid } from './socket-refusal-uid.ts';

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
