/**
 * The signed-in person's list marks on the open title (spec section 4): which of the five kinds
 * are set, and toggling one — added when absent, removed when present. The state changes only
 * once the backend took the change; a refusal is kept as the backend worded it.
 */
import { reasonOf } from '../lib/directus/request-error.ts';
import { atom } from 'nanostores';
import type { MarkType } from '../../shared/rules.ts';
import { addMark, readTitleMarks, removeMark } from '../lib/directus/marks.ts';

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
