// Work handed to the build's end holds it open, and its failure fails the build.
import { describe, expect, it } from 'vitest';
import { finishBeforeBuildEnds, pendingWorkDone } from '../../src/site-build/build-end.ts';

describe('build end', () => {
  it('waits for the work handed over', async () => {
    let saved = false;
    finishBeforeBuildEnds(new Promise<void>((resolve) => setTimeout(() => resolve(void (saved = true)), 20)));
    await pendingWorkDone();
    expect(saved).toBe(true);
  });

  it('fails with the work that failed, once', async () => {
    finishBeforeBuildEnds(Promise.resolve());
    finishBeforeBuildEnds(Promise.reject(new Error('disk full')));
    await expect(pendingWorkDone()).rejects.toThrow('disk full');
    await expect(pendingWorkDone()).resolves.toBeUndefined();
  });
});
