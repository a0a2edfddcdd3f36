import { describe, expect, it } from 'vitest';
import { sameData } from './same-data.ts';

describe('sameData', () => {
  it('finds views rebuilt from the same rows alike, and any change in them', () => {
    const view = () => ({ id: 1, text: 'а', author: { id: 'x', name: null, frame: null }, replies: [{ id: 2, likes: 0 }], deleted: false });
    expect(sameData(view(), view())).toBe(true);
    expect(sameData(view(), { ...view(), text: 'б' })).toBe(false);
    expect(sameData(view(), { ...view(), replies: [{ id: 2, likes: 1 }] })).toBe(false);
    expect(sameData(view(), { ...view(), replies: [] })).toBe(false);
    expect(sameData(view(), { ...view(), author: { id: 'x', name: { paint: 'red' }, frame: null } })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameData(NaN, NaN)).toBe(true);
  });

  it('takes functions and other objects only as themselves', () => {
    const f = () => 1;
    expect(sameData({ f }, { f })).toBe(true);
    expect(sameData({ f }, { f: () => 1 })).toBe(false);
    expect(sameData(new Map(), new Map())).toBe(false);
  });
});
