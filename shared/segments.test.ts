import { describe, expect, it } from 'vitest';
import { episodeSegments, lengthProblem, MIN_SEGMENT_SECONDS, segmentProblem, type Segment, type StoredSegment } from './segments.ts';

const opening: Segment = { kind: 'opening', start: 10, end: 100 };

describe('lengthProblem', () => {
  const ending: Segment = { kind: 'ending', start: 1300, end: 1400 };
  it('takes a length every segment of the episode ends within, half a second of rounding aside', () => {
    expect(lengthProblem([opening, ending], 1400)).toBeNull();
    expect(lengthProblem([opening, ending], 1399.5)).toBeNull();
    expect(lengthProblem([], 5)).toBeNull();
  });
  it('names the first segment a shorter length would cut, and the length', () => {
    expect(lengthProblem([opening, ending], 1399)).toBe('Отрезок «Титры» (21:40–23:20) выходит за новый конец серии (23:19): сначала поправьте его');
    expect(lengthProblem([opening, ending], 60)).toContain('«Заставка» (0:10–1:40)');
  });
});

describe('segmentProblem', () => {
  it('takes a segment that keeps every rule', () => {
    expect(segmentProblem(opening, [], 1400)).toBeNull();
    expect(segmentProblem({ kind: 'ending', start: 1300, end: 1400 }, [opening], 1400)).toBeNull();
  });
  it('refuses an end before the start, a negative second, a short stretch and a wrong kind', () => {
    expect(segmentProblem({ kind: 'opening', start: 90, end: 30 }, [])).toBe('Конец отрезка должен быть позже его начала');
    expect(segmentProblem({ kind: 'opening', start: -1, end: 30 }, [])).toBe('Начало и конец отрезка не могут быть меньше нуля');
    expect(segmentProblem({ kind: 'opening', start: 0, end: MIN_SEGMENT_SECONDS - 0.1 }, [])).toBe('Отрезок должен длиться не меньше 3 секунд');
    expect(segmentProblem({ kind: 'intro', start: 0, end: 30 }, [])).toMatch(/^Выберите вид отрезка/);
    expect(segmentProblem({ kind: 'opening', start: '0', end: 30 }, [])).toBe('Начало и конец отрезка задаются числом секунд');
    expect(segmentProblem({ kind: 'opening', start: 0, end: Number.NaN }, [])).toBe('Начало и конец отрезка задаются числом секунд');
  });
  it('refuses a segment past the episode\'s end, a second of one kind and an overlap', () => {
    expect(segmentProblem({ kind: 'ending', start: 1300, end: 1500 }, [], 1400)).toBe('Отрезок выходит за конец серии (23:20)');
    expect(segmentProblem({ kind: 'opening', start: 200, end: 260 }, [opening])).toBe('У серии уже есть отрезок «Заставка»');
    expect(segmentProblem({ kind: 'recap', start: 90, end: 120 }, [opening])).toBe('Отрезок пересекается с отрезком «Заставка» (0:10–1:40)');
  });
  it('lets segments touch end to start', () => {
    expect(segmentProblem({ kind: 'recap', start: 100, end: 160 }, [opening])).toBeNull();
  });
});

describe('episodeSegments', () => {
  const season: StoredSegment = { kind: 'opening', start: 0, end: 90, episode: null, season: 7 };
  const ending: StoredSegment = { kind: 'ending', start: 1300, end: 1380, episode: null, season: 7 };
  it('gives every episode its season\'s segments', () => {
    expect(episodeSegments([season, ending], 1, 7)).toEqual([{ kind: 'opening', start: 0, end: 90 }, { kind: 'ending', start: 1300, end: 1380 }]);
  });
  it('lets an episode move its own and drop one it lacks', () => {
    const moved: StoredSegment = { kind: 'opening', start: 120, end: 210, episode: 2, season: null };
    const none: StoredSegment = { kind: 'ending', start: 0, end: 3, episode: 2, season: null, absent: true };
    expect(episodeSegments([season, ending, moved, none], 2, 7)).toEqual([{ kind: 'opening', start: 120, end: 210 }]);
    expect(episodeSegments([season, ending, moved, none], 3, 7)).toHaveLength(2);
  });
  it('gives nothing of a season to an episode of another', () => {
    expect(episodeSegments([season], 1, 8)).toEqual([]);
    expect(episodeSegments([season], 1, null)).toEqual([]);
  });
});
