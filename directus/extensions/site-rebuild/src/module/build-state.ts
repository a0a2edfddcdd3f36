/** The build state as the site's webhook reports it (scripts/lib/rebuild.ts), and how the module words it. */
export interface SiteBuildRecord {
  id: string;
  reason: 'change' | 'manual' | 'start' | 'counters';
  started: string;
  finished?: string;
  durationMs?: number;
  changes: { event: string; collection: string; keys: (string | number)[] }[];
  changeCount: number;
  by?: string;
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
}

const EVENTS: Record<string, string> = { create: 'создание', update: 'изменение', delete: 'удаление' };

export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('ru-RU', { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatDuration(ms: number | undefined): string {
  return ms === undefined ? '—' : `${(ms / 1000).toLocaleString('ru-RU', { maximumFractionDigits: 1 })} с`;
}

/** 'изменение: titles 12, 13; …' — the first changes, then how many more there were. */
export function describeReason(r: SiteBuildRecord): string {
  if (r.reason === 'manual') return 'кнопка «Пересобрать сейчас»';
  if (r.reason === 'start') return 'запуск сайта';
  if (r.reason === 'counters') return 'обновление просмотров, отзывов и оценок';
  const shown = r.changes.slice(0, 3).map((c) => `${EVENTS[c.event] ?? c.event}: ${c.collection} ${c.keys.join(', ')}`.trim());
  const more = r.changeCount - shown.length;
  return shown.join('; ') + (more > 0 ? ` и ещё ${more}` : '');
}

/** 'заново 2 из 50 000 (остальные — из прошлой сборки)': the title, cast and person pages of a build. */
export function describePages(r: SiteBuildRecord): string | null {
  if (!r.pages) return null;
  const count = (n: number) => n.toLocaleString('ru-RU');
  const { kept, rendered } = r.pages;
  return `заново ${count(rendered)} из ${count(kept + rendered)}${kept ? ' (остальные — из прошлой сборки)' : ''}`;
}
