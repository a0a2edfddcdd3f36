/**
 * A viewer's player choices: what to do with each kind of segment, the next episode by itself,
 * marks that follow the watching, speed and volume. A visitor's live in the browser; a signed-in
 * person's in the account (`directus_users.playerSettings`), checked by the backend with the rules below.
 */
import { SEGMENT_KINDS, type SegmentKind } from './segments.ts';

export const SKIP_CHOICES = ['off', 'ask', 'skip'] as const;
export type SkipChoice = (typeof SKIP_CHOICES)[number];

export const SKIP_CHOICE_NAMES: Record<SkipChoice, string> = {
  off: 'Не показывать',
  ask: 'Спрашивать',
  skip: 'Пропускать сразу',
};

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

export interface PlayerSettings {
  skip: Record<SegmentKind, SkipChoice>;
  autoplay: boolean;
  marksFollow: boolean;
  speed: number;
  /** 0 to 1. */
  volume: number;
  muted: boolean;
}

export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = {
  skip: { opening: 'ask', ending: 'ask', recap: 'ask', preview: 'ask' },
  autoplay: true,
  marksFollow: true,
  speed: 1,
  volume: 1,
  muted: false,
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isChoice = (v: unknown): v is SkipChoice => typeof v === 'string' && (SKIP_CHOICES as readonly string[]).includes(v);
const isSpeed = (v: unknown): v is number => typeof v === 'number' && (SPEEDS as readonly number[]).includes(v);
const isVolume = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

/** Settings from anything stored (an old or edited browser copy): each good value kept, the rest default. */
export function readPlayerSettings(value: unknown): PlayerSettings {
  const v = isRecord(value) ? value : {};
  const skip = isRecord(v.skip) ? v.skip : {};
  const d = DEFAULT_PLAYER_SETTINGS;
  return {
    skip: Object.fromEntries(SEGMENT_KINDS.map((k) => [k, isChoice(skip[k]) ? skip[k] : d.skip[k]])) as Record<SegmentKind, SkipChoice>,
    autoplay: typeof v.autoplay === 'boolean' ? v.autoplay : d.autoplay,
    marksFollow: typeof v.marksFollow === 'boolean' ? v.marksFollow : d.marksFollow,
    speed: isSpeed(v.speed) ? v.speed : d.speed,
    volume: isVolume(v.volume) ? v.volume : d.volume,
    muted: typeof v.muted === 'boolean' ? v.muted : d.muted,
  };
}

const KEYS = new Set(Object.keys(DEFAULT_PLAYER_SETTINGS));

/** What the backend refuses in a stored value, in words, or null: every key known, every value of its kind. */
export function playerSettingsProblem(value: unknown): string | null {
  if (value === null) return null;
  if (!isRecord(value)) return 'Настройки плеера должны быть объектом';
  const unknown = Object.keys(value).find((k) => !KEYS.has(k));
  if (unknown) return `Неизвестная настройка плеера: ${unknown.slice(0, 40)}`;
  if ('skip' in value) {
    if (!isRecord(value.skip)) return 'Выбор пропуска должен быть объектом';
    for (const [k, c] of Object.entries(value.skip)) {
      if (!(SEGMENT_KINDS as readonly string[]).includes(k)) return `Неизвестный вид отрезка: ${k.slice(0, 40)}`;
      if (!isChoice(c)) return 'Пропуск бывает: off, ask или skip';
    }
  }
  for (const k of ['autoplay', 'marksFollow', 'muted'] as const) {
    if (k in value && typeof value[k] !== 'boolean') return `Настройка ${k} должна быть true или false`;
  }
  if ('speed' in value && !isSpeed(value.speed)) return `Скорость бывает: ${SPEEDS.join(', ')}`;
  if ('volume' in value && !isVolume(value.volume)) return 'Громкость — число от 0 до 1';
  return null;
}
