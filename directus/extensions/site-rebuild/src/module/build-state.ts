/** The build state as the site's webhook reports it (scripts/site-build/rebuilder.ts), and how the module words it. */
import { describeTally } from '../../../../../shared/build-changes.ts';
import type { BuildReport } from '../../../../../shared/build-report.ts';
import { countRu } from '../../../../../shared/russian-plural.ts';

export interface SiteBuildState {
  current: BuildReport | null;
  building: BuildReport | null;
  pending: number;
  last: BuildReport | null;
  /** The latest finished builds, newest first. */
  history?: BuildReport[];
}

export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatDuration(ms: number | undefined): string {
  return ms === undefined ? '—' : `${(ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} с`;
}

/** What started a build, in words: «изменена дорама «Сон»; удалены 3 серии», «ручная пересборка (Анна Ли)». */
export function describeReason(r: BuildReport): string {
  if (r.reason === 'manual') return `ручная пересборка (${r.byName ?? 'без имени'})`;
  if (r.reason === 'start') return 'запуск сайта';
  if (r.reason === 'counters') return 'обновление счётчиков: просмотры, отзывы и оценки';
  // A record kept from before changes were tallied says how many there were.
  return r.tally?.length ? describeTally(r.tally) : `изменения в каталоге (${countRu(r.changeCount, ['изменение', 'изменения', 'изменений'])})`;
}

/** The builds to list, newest first: the history, or the last build of a state kept from before it. */
export function recentBuilds(state: SiteBuildState): BuildReport[] {
  return state.history?.length ? state.history : state.last ? [state.last] : [];
}

/** 'заново 2 из 50 000 (остальные — из прошлой сборки)': the pages of the site a build wrote anew, of all of them. */
export function describePages(r: BuildReport): string | null {
  if (!r.pages) return null;
  const count = (n: number) => n.toLocaleString('ru-RU');
  const { kept, rendered } = r.pages;
  return `заново ${count(rendered)} из ${count(kept + rendered)}${kept ? ' (остальные — из прошлой сборки)' : ''}`;
}
