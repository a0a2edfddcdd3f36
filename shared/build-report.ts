/**
 * A site build as the site's rebuilder records it and the admin app's module lists it (GET /site-rebuild):
 * what started it, when, what it was for and how it ended.
 */
import type { ChangeFacts, Tallied } from './build-changes.ts';

export type BuildReason = 'change' | 'manual' | 'start' | 'counters';

export interface BuildReport {
  id: string;
  reason: BuildReason;
  started: string;
  finished?: string;
  durationMs?: number;
  /** The first changes that started it (at most the rebuilder's MAX_CHANGES_KEPT) and how many there were. */
  changes: ChangeFacts[];
  changeCount: number;
  /** What the changes were to, by collection and event, with the first rows' names. */
  tally?: Tallied[];
  /** Who pressed the button, for manual builds: their id and name. */
  by?: string;
  byName?: string;
  ok?: boolean;
  error?: string;
  /** Whether only the changed titles and people were read again. */
  incremental?: boolean;
  /** The site's pages kept as the build before made them, and those written anew. */
  pages?: { kept: number; rendered: number };
}
