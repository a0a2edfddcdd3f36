/**
 * The title feature's store for signed-in people, loaded by their code only: their rating of the
 * open title (its state is `$titleRating` in store.ts), their list marks, where they stopped
 * watching and the home page's 'Продолжить просмотр' row, and a subscriber's kept episodes.
 */
import { atom } from 'nanostores';
import { readKeptEpisodes, readKeptVideos, readMyRating, rateTitle, readProgress, readTitlesInProgress, saveProgress, type TitleInProgress } from './directus.ts';
import { toEpisode, type Episode, type KeptEpisode, playerModel, resumePoint, type PlayerModel, type ResumePoint, type SavedProgress } from './player.ts';
import { reasonOf } from '../../lib/directus/request-error.ts';
import { task } from '../../ui/task.ts';
import { sameOriginApi } from '../../lib/directus/client.ts';
import type { MarkType } from '../../../shared/rules.ts';
import { addMark, readTitleMarks, removeMark } from '../../lib/directus/marks.ts';
import { $titleRating } from './store.ts';

/*
 * Kept episodes: a subscriber's episodes kept for subscribers of the open title, playable: read once the
 * person's plan is known to allow them (the backend decides what it answers in any case).
 */

export const $keptEpisodes = atom<Episode[]>([]);

export async function loadKeptEpisodes(titleId: number, kept: KeptEpisode[]): Promise<void> {
  const names = new Map(kept.map((k) => [k.id, k.name]));
  const [rows, videos] = await Promise.all([readKeptEpisodes(titleId), readKeptVideos(titleId)]);
  // Their uploaded videos are withheld by file id; each plays at its signed address.
  const signed = new Map(videos.map((v) => [v.episode, `${sameOriginApi()}${v.src}`]));
  $keptEpisodes.set(rows.flatMap((row) => {
    const episode = toEpisode(row, names.get(row.id) ?? 'Серия');
    const src = episode?.kind === 'video' ? signed.get(row.id) : episode?.src;
    return episode && src ? [{ ...episode, src, name: names.get(row.id) ?? episode.name }] : [];
  }));
}

/*
 * The signed-in person's rating of the open title (its state is `$titleRating`): read, and set or
 * replaced in one backend call whose answer (own rating, average, count) replaces the state at once.
 */

export async function loadMyRating(titleId: number): Promise<void> {
  const mine = await readMyRating(titleId);
  $titleRating.set({ ...$titleRating.get(), mine });
}

/** Sets or replaces the person's rating, one press at a time; a refusal changes nothing and is told in the backend's words. */
export const rating = task(async (titleId: number, stars: number) => {
  const { mine, average, count } = await rateTitle(titleId, stars);
  $titleRating.set({ summary: { average, count }, mine });
}, 'Не удалось сохранить оценку');

/*
 * Where the signed-in person stopped watching: their place in the title on screen (read once per
 * page, saved as they watch) and the titles of the home page's 'Продолжить просмотр' row. Loaded
 * for signed-in people only.
 */

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface TitleProgress {
  status: LoadStatus;
  saved: SavedProgress | null;
  /** The title's episodes read with it, for what is said outside the player (its own model is the build's). */
  model: PlayerModel | null;
}

export const $titleProgress = atom<TitleProgress>({ status: 'idle', saved: null, model: null });

let progressOf: number | null = null;

/** Reads the person's place in the title, once per page (again after a failure). */
export async function loadTitleProgress(titleId: number): Promise<void> {
  const { status } = $titleProgress.get();
  if (progressOf === titleId && (status === 'loading' || status === 'ready')) return;
  progressOf = titleId;
  $titleProgress.set({ status: 'loading', saved: null, model: null });
  try {
    const read = await readProgress(titleId);
    $titleProgress.set({ status: 'ready', saved: read?.saved ?? null, model: read?.title ? playerModel(read.title) : null });
  } catch (err) {
    console.error(err);
    $titleProgress.set({ status: 'error', saved: null, model: null });
  }
}

let lastSaved = '';

/**
 * Saves the person's place unless it is the one saved last. A failed save is logged: the next
 * one (every few seconds while playing) carries the place again.
 */
export function keepPlace(titleId: number, place: SavedProgress, o: { leaving?: boolean } = {}): void {
  const key = JSON.stringify([titleId, place]);
  if (key === lastSaved) return;
  lastSaved = key;
  saveProgress(titleId, place, o).catch((err: unknown) => {
    console.error(err);
    if (lastSaved === key) lastSaved = '';
  });
}

/** A title of the 'Продолжить просмотр' row and where it goes on. */
export interface ContinueItem {
  title: TitleInProgress['title'];
  model: PlayerModel;
  point: ResumePoint;
  /** Length of the saved episode, when known. */
  duration: number | null;
}

export interface ContinueRow {
  status: LoadStatus;
  items: ContinueItem[];
}

export const $continueRow = atom<ContinueRow>({ status: 'idle', items: [] });

/** The row shows as many titles as a home block; twice as many are read, as finished titles drop out. */
const ROW_SIZE = 8;
const ROW_READ = ROW_SIZE * 2;

/** The titles the person stopped in, newest first, that still have something to watch. */
export async function loadContinueRow(): Promise<void> {
  $continueRow.set({ status: 'loading', items: $continueRow.get().items });
  try {
    const rows = await readTitlesInProgress(ROW_READ);
    const items = rows.flatMap(({ title, saved }): ContinueItem[] => {
      const model = playerModel(title);
      const point = resumePoint(model, saved);
      return point ? [{ title, model, point, duration: saved.duration }] : [];
    });
    $continueRow.set({ status: 'ready', items: items.slice(0, ROW_SIZE) });
  } catch (err) {
    console.error(err);
    $continueRow.set({ status: 'error', items: [] });
  }
}

/*
 * The signed-in person's list marks on the open title: which of the five kinds
 * are set, and toggling one — added when absent, removed when present. The state changes only
 * once the backend took the change; a refusal is kept as the backend worded it.
 */

export interface TitleMarksState {
  status: 'loading' | 'ready' | 'error';
  /** The row id of each kind that is set. */
  marks: Partial<Record<MarkType, number>>;
  /** The kind being changed now. */
  busy: MarkType | null;
  error: string | null;
}

export const $titleMarks = atom<TitleMarksState>({ status: 'loading', marks: {}, busy: null, error: null });

const update = (change: Partial<TitleMarksState>) => $titleMarks.set({ ...$titleMarks.get(), ...change });

export async function loadTitleMarks(titleId: number): Promise<void> {
  update({ status: 'loading', error: null });
  try {
    const rows = await readTitleMarks(titleId);
    update({ status: 'ready', marks: Object.fromEntries(rows.map((r) => [r.type, r.id])) });
  } catch (err) {
    console.error(err);
    update({ status: 'error' });
  }
}

export async function toggleMark(titleId: number, type: MarkType): Promise<void> {
  const state = $titleMarks.get();
  if (state.busy || state.status !== 'ready') return;
  update({ busy: type, error: null });
  try {
    const existing = state.marks[type];
    const marks = { ...$titleMarks.get().marks };
    if (existing === undefined) marks[type] = (await addMark(titleId, type)).id;
    else {
      await removeMark(existing);
      delete marks[type];
    }
    update({ marks, busy: null });
  } catch (err) {
    console.error(err);
    update({ busy: null, error: reasonOf(err, 'Не удалось изменить отметку') });
  }
}
