import { createError } from '@directus/errors';
import { describe, expect, it } from 'vitest';
import type { Pace } from '../../shared/pace.ts';
import { paceResetLetters } from './reset-limits.ts';

const TooFast = createError('TOO_FAST', 'Слишком много', 429);

/** A pace that lets `allowance` takes through per key, then refuses as pace.ts does. */
function countingPace(allowance: number): Pace & { taken: string[] } {
  const taken: string[] = [];
  return {
    taken,
    async take(who) {
      if (taken.filter((t) => t === who).length >= allowance) throw new TooFast();
      taken.push(who);
    },
  };
}

const letter = (to: string) => ({ to, template: { name: 'password-reset' } });

describe('paceResetLetters', () => {
  it('sends a mailbox its allowance of reset letters, whatever the case of its address, then none', async () => {
    const pace = countingPace(2);
    const send = paceResetLetters(pace);
    expect(await send(letter('Anna@Example.com'))).toEqual(letter('Anna@Example.com'));
    expect(await send(letter(' anna@example.com'))).not.toBeNull();
    expect(await send(letter('anna@example.com'))).toBeNull();
    expect(await send(letter('boris@example.com')), 'another mailbox has its own').not.toBeNull();
    expect(pace.taken).toEqual(['anna@example.com', 'anna@example.com', 'boris@example.com']);
  });

  it('lets every other mail be', async () => {
    const send = paceResetLetters(countingPace(0));
    const notice = { to: 'anna@example.com', template: { name: 'plan-ends' } };
    expect(await send(notice)).toBe(notice);
  });

  it('passes on a failure that is no refusal', async () => {
    const broken: Pace = { take: async () => { throw new Error('store unreachable'); } };
    await expect(paceResetLetters(broken)(letter('anna@example.com'))).rejects.toThrow('store unreachable');
  });
});
