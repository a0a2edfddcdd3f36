import { describe, expect, it } from 'vitest';
import { correction, SETTLE_MS } from './drift.ts';

const video = (target: number, actual: number, sinceSeekMs = Infinity) => correction({ target, actual, bySpeed: true, sinceSeekMs });
const speedless = (target: number, actual: number) => correction({ target, actual, bySpeed: false, sinceSeekMs: Infinity });

describe('drift correction', () => {
  it('leaves a gap within 40 ms alone, at normal speed', () => {
    expect(video(100, 100.03)).toEqual({ do: 'nothing', rate: 1 });
    expect(video(100, 99.96)).toEqual({ do: 'nothing', rate: 1 });
  });

  it('speeds up a video that is behind and slows one that is ahead, in proportion to the gap', () => {
    expect(video(100, 99.9)).toEqual({ do: 'rate', rate: expect.closeTo(1.05, 6) as number });
    expect(video(100, 100.2)).toEqual({ do: 'rate', rate: expect.closeTo(0.9, 6) as number });
  });

  it('changes the speed by a quarter at most', () => {
    expect(video(100, 99.2)).toEqual({ do: 'rate', rate: 1.25 });
    expect(video(100, 100.9)).toEqual({ do: 'rate', rate: 0.75 });
  });

  it('seeks to the room when more than a second off', () => {
    expect(video(100, 98.5)).toEqual({ do: 'seek', to: 100 });
    expect(video(100, 101.2)).toEqual({ do: 'seek', to: 100 });
  });

  it('leaves an embed that does not follow speed alone under a second, and seeks it above', () => {
    expect(speedless(100, 99.3)).toEqual({ do: 'nothing', rate: 1 });
    expect(speedless(100, 100.9)).toEqual({ do: 'nothing', rate: 1 });
    expect(speedless(100, 98.7)).toEqual({ do: 'seek', to: 100 });
  });

  it('corrects nothing while a seek settles', () => {
    expect(video(100, 95, SETTLE_MS - 1)).toEqual({ do: 'nothing', rate: 1 });
    expect(video(100, 95, SETTLE_MS)).toEqual({ do: 'seek', to: 100 });
  });
});
