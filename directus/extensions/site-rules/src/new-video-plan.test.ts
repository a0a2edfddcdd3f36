import { describe, expect, it } from 'vitest';
import { clearedNotice, played, segmentsLeaving, segmentsSetBy, type OwnSegment } from './new-video-plan.ts';

const NEW_FILE = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const OLD_FILE = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const THIRD_FILE = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

const own: OwnSegment[] = [
  { id: 1, absent: false, file: null, state: 'confirmed' },
  { id: 2, absent: null, file: OLD_FILE, state: 'proposed' },
  { id: 3, absent: false, file: OLD_FILE, state: 'rejected' },
  { id: 4, absent: true, file: null, state: 'confirmed' },
  { id: 5, absent: 0, file: NEW_FILE, state: 'proposed' },
  { id: 6, absent: 0, file: null, state: 'confirmed' },
];
const ids = (rows: OwnSegment[]) => rows.map((r) => r.id);

describe('segmentsLeaving', () => {
  it('takes away every timed segment of the old video, keeping an absent mark', () => {
    expect(ids(segmentsLeaving(own, { kind: 'iframe', address: 'https://player.example.com/2' }, new Set()))).toEqual([1, 2, 3, 5, 6]);
    expect(ids(segmentsLeaving(own, null, new Set()))).toEqual([1, 2, 3, 5, 6]);
  });

  it('keeps what was found on the very file the episode plays now', () => {
    expect(ids(segmentsLeaving(own, { kind: 'video', file: NEW_FILE }, new Set()))).toEqual([1, 2, 3, 6]);
  });

  it('keeps what the same save sets', () => {
    expect(ids(segmentsLeaving(own, { kind: 'video', file: THIRD_FILE }, new Set([6])))).toEqual([1, 2, 3, 5]);
  });
});

describe('segmentsSetBy', () => {
  it.each([
    [undefined, []],
    [null, []],
    [[1, '2', { id: 3, start: 5 }, { kind: 'opening', start: 0, end: 60 }], [1, 2, 3]],
    [{ create: [{ kind: 'opening', start: 0, end: 60 }], update: [{ id: 7, end: 90 }], delete: [8] }, [7]],
    [{ update: 'всё' }, []],
    ['1', []],
  ])('%j sets %j', (list, expected) => {
    expect([...segmentsSetBy(list)]).toEqual(expected);
  });
});

describe('clearedNotice', () => {
  it('counts only segments that played', () => {
    expect(own.filter(played).map((s) => s.id)).toEqual([1, 4, 6]);
    expect(played({ id: 9, absent: false, file: null, state: null })).toBe(true);
  });

  it('is nothing when no segment that played went', () => {
    expect(clearedNotice([{ title: 'Дорама', name: '1 серия', removed: 0, upload: true }])).toBeNull();
    expect(clearedNotice([])).toBeNull();
  });

  it('names the episode, and the search by sound when it plays an upload', () => {
    const notice = clearedNotice([{ title: 'Дорама', name: '3 серия', removed: 2, upload: true }, { title: 'Дорама', name: '4 серия', removed: 0, upload: true }])!;
    expect(notice.subject).toBe('Отрезки серии сняты: у неё новое видео');
    expect(notice.message).toContain('«Дорама» · 3 серия: снято отрезков — 2');
    expect(notice.message).not.toContain('4 серия');
    expect(notice.message).toContain('поиск по звуку');
    expect(notice.message).toContain('в этой серии');
  });

  it('names twenty episodes and counts the rest', () => {
    const many = Array.from({ length: 23 }, (_, i) => ({ title: 'Дорама', name: `${i + 1} серия`, removed: 1, upload: false }));
    const notice = clearedNotice(many)!;
    expect(notice.subject).toBe('Отрезки серий сняты: у них новое видео');
    expect(notice.message).toContain('20 серия');
    expect(notice.message).not.toContain('21 серия');
    expect(notice.message).toContain('и ещё серий: 3');
    expect(notice.message).not.toContain('поиск по звуку');
  });
});
