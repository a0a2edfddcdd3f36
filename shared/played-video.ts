/**
 * What an episode or a film plays, chosen from its row as the player chooses it: the uploaded file
 * when the source says so (or when there is no player's address), the address otherwise; nothing
 * when the chosen one is missing. Segments and a viewer's place are seconds of what played, so a save
 * that makes a row play something else leaves them pointing into another video.
 */
import { isEmbedAddress } from './embed-address.ts';

/** The fields of an episode or a title that choose what plays. */
export const VIDEO_FIELDS = ['source', 'iframe', 'video'] as const;

export interface VideoRow {
  source?: unknown;
  iframe?: unknown;
  video?: unknown;
}

export type PlayedVideo = { kind: 'video'; file: string } | { kind: 'iframe'; address: string };

/** A file that a save creates along with the row has no id yet; it is no file stored before. */
const FILE_BEING_CREATED = 'new file';

/** The file a row or a save names: its id, or the id of the object given for it. */
function fileOf(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const id = (value as { id?: unknown }).id;
    return typeof id === 'string' && id ? id : FILE_BEING_CREATED;
  }
  return null;
}

export function playedVideo(row: VideoRow): PlayedVideo | null {
  const file = fileOf(row.video);
  // An address the backend would refuse now (one stored before the rule) is played nowhere.
  const address = isEmbedAddress(row.iframe) ? row.iframe : null;
  const kind = row.source === 'video' || (!row.source && !address && file) ? 'video' : 'iframe';
  if (kind === 'video') return file ? { kind, file } : null;
  return address ? { kind, address } : null;
}

/** Whether a save names any of the fields that choose what plays. */
export const touchesVideo = (payload: Record<string, unknown>): boolean => VIDEO_FIELDS.some((f) => f in payload);

/** The row as a save leaves it: the fields the save names, the stored ones otherwise. */
export function savedRow(stored: VideoRow, payload: Record<string, unknown>): VideoRow {
  const row: VideoRow = { source: stored.source, iframe: stored.iframe, video: stored.video };
  for (const f of VIDEO_FIELDS) if (f in payload) row[f] = payload[f];
  return row;
}

const same = (a: PlayedVideo | null, b: PlayedVideo | null): boolean =>
  a === null || b === null ? a === b : a.kind === 'video' ? b.kind === 'video' && a.file === b.file : b.kind === 'iframe' && a.address === b.address;

/**
 * Whether a save replaces the video a row played: another file or address, the other of the two, or
 * none. A first video replaces nothing: whatever was set before it was set for it.
 */
export const replacesVideo = (before: PlayedVideo | null, after: PlayedVideo | null): boolean => before !== null && !same(before, after);
