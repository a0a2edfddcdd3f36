/**
 * Which proposals a season's analysis writes (proposals.ts), how the title's search is summed up for
 * editors, and the titles «Найти заставки» takes.
 */
import { describe, expect, it } from 'vitest';
import { NO_VIDEOS, planProposals, searchOutcome, type AnalysedEpisode, type StoredRow } from '../../directus/extensions/segment-finder/src/proposals.ts';
import { DONE, type EpisodeResult } from '../../directus/extensions/segment-finder/src/season.ts';
import { FAILURE_TEXT } from '../../directus/extensions/segment-finder/src/failures.ts';
import { titleIdsOf } from '../../directus/extensions/segment-finder/src/find-segments/api.ts';

const opening = { start: 10, end: 40, confidence: 0.8 };
const ending = { start: 1300, end: 1390, confidence: 0.7 };
const heard = (id: number, over: Partial<EpisodeResult> = {}): EpisodeResult => ({ id, state: DONE, opening, ending, ...over });
const episode = (id: number, over: Partial<AnalysedEpisode> = {}): AnalysedEpisode => ({ id, season: 5, video: `file-${id}`, result: heard(id), ...over });
let nextId = 100;
const row = (over: Partial<StoredRow>): StoredRow => ({ id: nextId++, episode: 1, season: null, kind: 'opening', state: 'confirmed', source: 'editor', file: null, ...over });

describe('proposals of a season', () => {
  it('propose each found opening and ending, with its confidence and the file it was heard in', () => {
    const plan = planProposals([episode(1), episode(2, { result: heard(2, { opening: null }) })], []);
    expect(plan.remove).toEqual([]);
    expect(plan.create).toEqual([
      { episode: 1, kind: 'opening', ...opening, file: 'file-1', source: 'auto', state: 'proposed' },
      { episode: 1, kind: 'ending', ...ending, file: 'file-1', source: 'auto', state: 'proposed' },
      { episode: 2, kind: 'ending', ...ending, file: 'file-2', source: 'auto', state: 'proposed' },
    ]);
  });

  it('replace the finder\'s earlier proposals of an analysed episode, and never touch an editor\'s or a confirmed one', () => {
    const earlier = row({ kind: 'opening', state: 'proposed', source: 'auto', file: 'file-1' });
    const confirmedAuto = row({ kind: 'ending', state: 'confirmed', source: 'auto', file: 'file-1' });
    const editors = row({ kind: 'recap', state: 'confirmed', source: 'editor' });
    const plan = planProposals([episode(1)], [earlier, confirmedAuto, editors]);
    expect(plan.remove).toEqual([earlier.id]);
    expect(plan.create.map((c) => c.kind)).toEqual(['opening']);
  });

  it('leave out a kind the editor set on the episode, marked absent, or set on its season', () => {
    const stored = [
      row({ episode: 1, kind: 'opening' }),
      row({ episode: 2, kind: 'ending', state: 'confirmed' }),
      row({ episode: null, season: 5, kind: 'opening' }),
      row({ episode: null, season: 6, kind: 'ending' }),
    ];
    const plan = planProposals([episode(1), episode(2), episode(3, { season: null })], stored);
    expect(plan.create.map((c) => [c.episode, c.kind])).toEqual([[1, 'ending'], [3, 'opening'], [3, 'ending']]);
  });

  it('do not propose again a kind rejected for the same file, but do for a new file', () => {
    const stored = [
      row({ episode: 1, kind: 'opening', state: 'rejected', source: 'auto', file: 'file-1' }),
      row({ episode: 2, kind: 'opening', state: 'rejected', source: 'auto', file: 'an-older-file' }),
    ];
    const plan = planProposals([episode(1), episode(2)], stored);
    expect(plan.remove).toEqual([]);
    expect(plan.create.map((c) => [c.episode, c.kind])).toEqual([[1, 'ending'], [2, 'opening'], [2, 'ending']]);
  });

  it('keep proposals of an episode that could not be heard this time, unless they were of a file it no longer plays', () => {
    const kept = row({ episode: 1, kind: 'opening', state: 'proposed', source: 'auto', file: 'file-1' });
    const stale = row({ episode: 2, kind: 'opening', state: 'proposed', source: 'auto', file: 'replaced' });
    const failed = (id: number) => episode(id, { result: heard(id, { state: FAILURE_TEXT['no-audio'], opening: null, ending: null }) });
    expect(planProposals([failed(1), failed(2)], [kept, stale])).toEqual({ remove: [stale.id], create: [] });
  });
});

describe('the title\'s search, summed up', () => {
  const names = new Map<number, string>([[1, '1 серия'], [2, '2 серия']]);

  it('is done when a season was compared, with how many were proposed and which episodes got none', () => {
    const season = { state: DONE, episodes: [heard(1), heard(2, { state: FAILURE_TEXT['no-audio'], opening: null, ending: null })] };
    expect(searchOutcome([season], 2, names)).toEqual({ state: 'done', note: 'Предложено отрезков: 2; без предложений: «2 серия» — нет звука' });
    expect(searchOutcome([{ state: DONE, episodes: [heard(1)] }], 2, names)).toEqual({ state: 'done', note: 'Предложено отрезков: 2' });
  });

  it('failed with the seasons\' reasons when none could be compared, or when there was nothing to hear', () => {
    const tooFew = { state: FAILURE_TEXT['too-few-episodes'], episodes: [heard(1, { state: FAILURE_TEXT['too-few-episodes'] })] };
    expect(searchOutcome([tooFew, tooFew], 0, names)).toEqual({ state: 'failed', note: 'слишком мало серий для сравнения' });
    expect(searchOutcome([], 0, names)).toEqual({ state: 'failed', note: NO_VIDEOS });
  });
});

describe('«Найти заставки» takes', () => {
  it('title ids as numbers or their digits, once each, and nothing else', () => {
    expect(titleIdsOf([3, '7', 3])).toEqual([3, 7]);
    expect(titleIdsOf('12')).toEqual([12]);
    for (const bad of [[], [0], ['1.5'], [true], [{ id: 1 }], null, Array.from({ length: 101 }, (_, i) => i + 1)]) expect(titleIdsOf(bad)).toBeNull();
  });
});
