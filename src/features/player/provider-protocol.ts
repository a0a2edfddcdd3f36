/**
 * The embedded players' message protocol (Kodik's `postMessage` API, which Russian players follow):
 * events the embed posts to the page and commands the page posts to it. Anything of another shape,
 * or from another origin than the embed's own, is not a message of the player.
 */

export type ProviderEvent =
  /** `exact`: the answer to `get_time`; otherwise the whole seconds an embed tells while it plays. */
  | { type: 'time'; seconds: number; exact: boolean }
  | { type: 'duration'; seconds: number }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; seconds: number }
  | { type: 'ended' }
  | { type: 'episode'; season: number | null; episode: number | null }
  | { type: 'speed'; speed: number }
  | { type: 'volume'; volume: number; muted: boolean };

export type ProviderCommand =
  | { method: 'play' }
  | { method: 'pause' }
  | { method: 'seek'; seconds: number }
  | { method: 'get_time' }
  | { method: 'speed'; speed: number }
  | { method: 'volume'; volume: number }
  | { method: 'mute' }
  | { method: 'unmute' }
  | { method: 'change_episode'; season?: number; episode: number };

export const COMMAND_KEY = 'kodik_player_api';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const seconds = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < 1e7 ? v : null);
const whole = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** The event a message carries, or null for anything that is not one. */
export function readProviderEvent(data: unknown): ProviderEvent | null {
  if (!isRecord(data) || typeof data.key !== 'string') return null;
  const v = data.value;
  switch (data.key) {
    case 'kodik_player_time_update':
    case 'kodik_player_time': {
      const s = seconds(v);
      return s === null ? null : { type: 'time', seconds: s, exact: data.key === 'kodik_player_time' };
    }
    case 'kodik_player_duration_update': {
      const s = seconds(v);
      return s === null || s === 0 ? null : { type: 'duration', seconds: s };
    }
    case 'kodik_player_play':
      return { type: 'play' };
    case 'kodik_player_pause':
      return { type: 'pause' };
    case 'kodik_player_video_ended':
      return { type: 'ended' };
    case 'kodik_player_seek': {
      const s = isRecord(v) ? seconds(v.time) : null;
      return s === null ? null : { type: 'seek', seconds: s };
    }
    case 'kodik_player_current_episode':
      return isRecord(v) ? { type: 'episode', season: whole(v.season), episode: whole(v.episode) } : null;
    case 'kodik_player_speed_change': {
      const speed = isRecord(v) && typeof v.speed === 'number' && v.speed > 0 && v.speed <= 4 ? v.speed : null;
      return speed === null ? null : { type: 'speed', speed };
    }
    case 'kodik_player_volume_change': {
      if (!isRecord(v) || typeof v.volume !== 'number' || v.volume < 0 || v.volume > 1) return null;
      return { type: 'volume', volume: v.volume, muted: v.muted === true };
    }
    default:
      return null;
  }
}

/** The message that carries a command to the embed. */
export function commandMessage(command: ProviderCommand): { key: typeof COMMAND_KEY; value: ProviderCommand } {
  return { key: COMMAND_KEY, value: command };
}

/** The origin an embed's messages must come from (and ours go to), or null for an address that has none. */
export function embedOrigin(src: string, pageUrl: string): string | null {
  try {
    const url = new URL(src, pageUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** An episode a serial player's address names, and the player's address without it. */
export interface EmbedEpisode { player: string; season: number | null; episode: number }

/**
 * A serial player is one address for every episode, which `?season=` and `?episode=` pick (as Kodik's
 * are): two episodes of one player differ in those alone, and the player changes between them in place
 * (`change_episode`) rather than loading again. Null for an address that names no episode.
 */
export function embedEpisode(src: string, pageUrl: string): EmbedEpisode | null {
  let url: URL;
  try {
    url = new URL(src, pageUrl);
  } catch {
    return null;
  }
  const number = (name: string) => (/^[1-9][0-9]{0,5}$/.test(url.searchParams.get(name) ?? '') ? Number(url.searchParams.get(name)) : null);
  const episode = number('episode');
  if (episode === null || (url.searchParams.has('season') && number('season') === null)) return null;
  const season = number('season');
  url.searchParams.delete('episode');
  url.searchParams.delete('season');
  return { player: url.href, season, episode };
}

/** An embed that has said nothing this long after loading does not speak the protocol. */
export const SILENT_EMBED_MS = 4_000;
