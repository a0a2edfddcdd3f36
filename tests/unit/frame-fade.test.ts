import { describe, expect, it } from 'vitest';
import { frameFade } from '../../src/lib/frame-fade.ts';

describe('frame cross-fade', () => {
  const fade = frameFade(3, 1500, 500);

  it('runs one cycle of a step per frame', () => {
    expect(fade.cycleMs).toBe(4500);
  });

  it('starts frame i at the beginning of step i, the first at once', () => {
    // A negative delay of d puts a frame d into its cycle at the first paint.
    expect(fade.delaysMs).toEqual([0, 1500 - 4500, 3000 - 4500]);
  });

  it('keeps a frame fully shown for its step and fades it over the slider speed', () => {
    expect(fade.keyframes).toBe('0% { opacity: 1; } 33.33% { opacity: 1; } 44.44% { opacity: 0; } 88.89% { opacity: 0; } 100% { opacity: 1; }');
  });

  it('never fades longer than half a step', () => {
    expect(frameFade(2, 400, 500).keyframes).toContain('75% { opacity: 0; }');
  });
});
