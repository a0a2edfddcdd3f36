import { afterEach, describe, expect, it, vi } from 'vitest';
import { logged } from './build-log.ts';

const STEP_LINE = /^\[build data\] (.+?): (\d+\.\d\d) s(.*) \(rss \d+ MiB, heap \d+ of \d+ MiB, outside it \d+ MiB, at \d+\.\d s\)$/;
const COSTS = /^, CPU (\d+\.\d) s \(kernel (\d+\.\d) s\), collecting garbage (\d+\.\d) s young and (\d+\.\d) s old$/;

/** The line a step logs, taken apart. */
async function lineOf<T>(run: () => Promise<T> | T, o?: { costs?: boolean }) {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const result = await logged('a step', run, o);
  const [line] = log.mock.calls.map((args) => String(args[0]));
  const [, step, seconds, rest] = STEP_LINE.exec(line ?? '') ?? [];
  return { result, step, seconds: Number(seconds), rest };
}

describe("the build's log of its steps", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the step's result back and logs its seconds and the memory after it", async () => {
    const { result, step, seconds, rest } = await lineOf(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return 'done';
    });
    expect(result).toBe('done');
    expect(step).toBe('a step');
    expect(seconds).toBeGreaterThanOrEqual(0.01);
    expect(rest).toBe('');
  });

  it('says what the seconds went on when asked: CPU, its share in the kernel, and collecting garbage', async () => {
    const { rest } = await lineOf(() => {
      // Work enough to be counted (a tenth of a CPU second or more): short-lived objects, as rendering makes.
      let made = 0;
      for (let round = 0; round < 30; round++) made += Array.from({ length: 100_000 }, (_, i) => ({ i })).length;
      return made;
    }, { costs: true });
    const [, cpu, kernel, young, old] = COSTS.exec(rest ?? '') ?? [];
    expect(Number(cpu)).toBeGreaterThan(0);
    expect(Number(kernel)).toBeLessThanOrEqual(Number(cpu));
    expect(Number(young)).toBeGreaterThanOrEqual(0);
    expect(Number(old)).toBeGreaterThanOrEqual(0);
  });
});
