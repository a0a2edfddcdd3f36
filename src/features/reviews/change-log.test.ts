import { describe, expect, it } from 'vitest';
import { changeLog } from './change-log.ts';

describe('live changes replayed over reads', () => {
  it('gives a read what came since its answer may date from, in order, and keeps no more than reads may need', () => {
    let now = 0;
    const log = changeLog<string>(6_000, () => now);
    log.note('long ago');
    now = 10_000;
    log.note('before the read, within its age');
    now = 12_000;
    const landed = log.reading();
    now = 13_000;
    log.note('while it was on its way');
    expect(landed()).toEqual(['before the read, within its age', 'while it was on its way']);
  });

  it('keeps a change for a read that takes longer than the age, and lets it go once no read may need it', () => {
    let now = 0;
    const log = changeLog<string>(6_000, () => now);
    const slow = log.reading();
    now = 1_000;
    log.note('early');
    now = 60_000;
    log.note('late');
    expect(slow()).toEqual(['early', 'late']);
    const next = log.reading();
    expect(next()).toEqual(['late']);
  });
});
