/**
 * Where the signed-in person stopped watching: their place in the title on screen (read once per
 * page, saved as they watch) and the titles of the home page's 'Продолжить просмотр' row. Loaded
 * for signed-in people only.
 */
import { atom } from 'nanostores';
import { playerModel, resumePoint, type PlayerModel, type ResumePoint, type SavedProgress } from '../lib/player.ts';
import { readProgress, readTitlesInProgress, saveProgress, type TitleInProgress } from '../lib/directus/watching.ts';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface TitleProgress {
  status: LoadStatus;
  saved: SavedProgress | null;
}

export const $titleProgress = atom<TitleProgress>({ status: 'idle', saved: null });

let progressOf: number | null = null;

/** Reads the person's place in the title, once per page (again after a failure). */
export async function loadTitleProgress(titleId: number): Promise<void> {
  const { status } = $titleProgress.get();
  if (progressOf === titleId && (status === 'loading' || status === 'ready')) return;
  progressOf = titleId;
  $titleProgress.set({ status: 'loading', saved: null });
  try {
    $titleProgress.set({ status: 'ready', saved: await readProgress(titleId) });
  } catch (err) {
    console.error(err);
    $titleProgress.set({ status: 'error', saved: null });
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
