import { describe, expect, it } from 'vitest';
import { pollPlan, polling } from './poll-plan.ts';

describe("the chat's poll", () => {
  it('reads the list while a chat is on screen, even with the socket open (the online count and dots)', () => {
    expect(pollPlan({ socketOpen: true, onScreen: ['public'], pageVisible: true })).toEqual({ list: true, threads: [] });
  });

  it('reads nothing with the socket open and no chat on screen', () => {
    const plan = pollPlan({ socketOpen: true, onScreen: [], pageVisible: true });
    expect(plan).toEqual({ list: false, threads: [] });
    expect(polling(plan)).toBe(false);
  });

  it('with the socket down, reads the list and each chat on screen once', () => {
    expect(pollPlan({ socketOpen: false, onScreen: ['public', 7, 'public'], pageVisible: true })).toEqual({ list: true, threads: ['public', 7] });
    expect(pollPlan({ socketOpen: false, onScreen: [], pageVisible: true })).toEqual({ list: true, threads: [] });
  });

  it('reads nothing while the page is hidden', () => {
    const plan = pollPlan({ socketOpen: false, onScreen: ['public'], pageVisible: false });
    expect(polling(plan)).toBe(false);
  });
});
