/** Which field a refused support request concerns: the contact form marks it and hands it the keyboard. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_REFUSALS } from '../../../shared/support-refusals.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';

const send = vi.fn();
vi.mock('../../lib/directus/runtime.ts', () => ({ runtime: () => ({ sendSupportRequest: send }) }));
const { contactSending, refusedField } = await import('./contact.ts');

const REQUEST = { name: '', email: '', topic: '', message: '' };

describe('a refused support request', () => {
  // The task logs each failure.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => {
    vi.restoreAllMocks();
    contactSending.dismiss();
  });

  it('names the field the backend refused, in its words', async () => {
    for (const [field, reasons] of Object.entries(SUPPORT_REFUSALS)) {
      for (const reason of Object.values(reasons)) {
        send.mockRejectedValueOnce(new DirectusRequestError('Invalid payload', 400, reason));
        expect(await contactSending.run(REQUEST)).toBe(false);
        expect(refusedField(contactSending.$state.get().error)).toEqual({ field, reason });
      }
    }
  });

  it('names no field for a refusal of another kind or a lost connection', async () => {
    send.mockRejectedValueOnce(new DirectusRequestError('Invalid payload', 400, 'Тема должна быть текстом'));
    await contactSending.run(REQUEST);
    expect(refusedField(contactSending.$state.get().error)).toBeNull();
    send.mockRejectedValueOnce(new DirectusRequestError('no answer', null));
    await contactSending.run(REQUEST);
    expect(refusedField(contactSending.$state.get().error)).toBeNull();
    expect(refusedField(null)).toBeNull();
  });
});
