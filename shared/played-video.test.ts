import { describe, expect, it } from 'vitest';
import { playedVideo, replacesVideo, savedRow, touchesVideo } from './played-video.ts';

const FILE = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OTHER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const ADDRESS = 'https://player.example.com/embed/1';

describe('playedVideo', () => {
  it.each([
    [{ source: 'video', video: FILE, iframe: ADDRESS }, { kind: 'video', file: FILE }],
    [{ source: 'iframe', video: FILE, iframe: ADDRESS }, { kind: 'iframe', address: ADDRESS }],
    [{ source: null, video: FILE, iframe: ADDRESS }, { kind: 'iframe', address: ADDRESS }],
    [{ source: null, video: FILE, iframe: null }, { kind: 'video', file: FILE }],
    [{ source: null, video: { id: FILE }, iframe: null }, { kind: 'video', file: FILE }],
    [{ source: 'video', video: null, iframe: ADDRESS }, null],
    [{ source: 'iframe', video: FILE, iframe: null }, null],
    [{ source: null, video: null, iframe: 'javascript:alert(1)' }, null],
    [{}, null],
  ])('plays %j as %j, as the player chooses', (row, played) => {
    expect(playedVideo(row)).toEqual(played);
  });
});

describe('a save', () => {
  const stored = { source: 'video', video: FILE, iframe: ADDRESS };
  const replaces = (payload: Record<string, unknown>, row: Record<string, unknown> = stored) =>
    replacesVideo(playedVideo(row), playedVideo(savedRow(row, payload)));

  it('names the fields that choose what plays, or not', () => {
    expect(touchesVideo({ name: '1 серия', duration: 1500 })).toBe(false);
    expect(touchesVideo({ iframe: null })).toBe(true);
  });

  it.each([
    [{ video: OTHER }, true],
    [{ video: { id: OTHER } }, true],
    [{ video: { storage: 'local', filename_download: 'new.mp4' } }, true],
    [{ source: 'iframe' }, true],
    [{ video: null }, true],
    [{ video: FILE }, false],
    [{ video: { id: FILE } }, false],
    [{ source: 'video', video: FILE, iframe: ADDRESS }, false],
    // The address is not what plays: the upload is.
    [{ iframe: 'https://player.example.com/embed/2' }, false],
    [{ name: '2 серия' }, false],
  ])('%j gives the episode a new video: %s', (payload, expected) => {
    expect(replaces(payload)).toBe(expected);
  });

  it('gives a new video when another address plays, never when the same one is saved again', () => {
    const row = { source: 'iframe', video: null, iframe: ADDRESS };
    expect(replaces({ iframe: 'https://player.example.com/embed/2' }, row)).toBe(true);
    expect(replaces({ iframe: ADDRESS, source: 'iframe' }, row)).toBe(false);
  });

  it('replaces nothing with a first video: what was set before it was set for it', () => {
    expect(replaces({ source: 'video', video: FILE }, { source: null, video: null, iframe: null })).toBe(false);
  });
});
