/** The build state as the site's webhook reports it (scripts/site-build/rebuilder.ts), and how the module words it. */
import { describeTally, type Tallied } from '../../../../../shared/build-changes.ts';
import { countRu } from '../../../../../shared/russian-plural.ts';

export interface SiteBuildRecord {
  id: string;
  reason: 'change' | 'manual' | 'start' | 'counters';
  started: string;
  finished?: string;
  durationMs?: number;
  changes: { event: string; collection: string; keys: (string | number)[] }[];
  changeCount: number;
  tally?: Tallied[];
  by?: string;
  byName?: string;
  ok?: boolean;
  error?: string;
  incremental?: boolean;
  pages?: { kept: number; rendered: number };
}

export interface SiteBuildState {
  current: SiteBuildRecord | null;
  building: SiteBuildRecord | null;
  pending: number;
  last: SiteBuildRecord | null;
  /** The latest finished builds, newest first. */
  history?: SiteBuildRecord[];
}

export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatDuration(ms: number | undefined): string {
  return ms === undefined ? '—' : `${(ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} с`;
}

/** What started a build, in words: «изменена дорама «Сон»; удалены 3 серии», «ручная пересборка (Анна Ли)». */
export function describeReason(r: SiteBuildRecord): string {
  if (r.reason === 'manual') return `ручная пересборка (${r.byName ?? 'без имени'})`;
  if (r.reason === 'start') return 'запуск сайта';
  if (r.reason === 'counters') return 'обновление счётчиков: просмотры, отзывы и оценки';
  // A record kept from before changes were tallied says how many there were.
  return r.tally?.length ? describeTally(r.tally) : `изменения в каталоге (${countRu(r.changeCount, ['изменение', 'изменения', 'изменений'])})`;
}

/** The builds to list, newest first: the history, or the last build of a state kept from before it. */
export function recentBuilds(state: SiteBuildState): SiteBuildRecord[] {
  return state.history?.length ? state.history : state.last ? [state.last] : [];
}

/** 'заново 2 из 50 000 (остальные — из прошлой сборки)': the title, cast and person pages of a build. */
export function describePages(r: SiteBuildRecord): string | null {
  if (!r.pages) return null;
  const count = (n: number) => n.toLocaleString('ru-RU');
  const { kept, rendered } = r.pages;
  return `заново ${count(rendered)} из ${count(kept + rendered)}${kept ? ' (остальные — из прошлой сборки)' : ''}`;
}
