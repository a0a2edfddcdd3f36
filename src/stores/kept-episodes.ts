/**
 * A subscriber's episodes kept for subscribers of the open title, playable: read once the
 * person's plan is known to allow them (the backend decides what it answers in any case).
 */
import { atom } from 'nanostores';
import { readKeptEpisodes } from '../lib/directus/kept-episodes.ts';
import { toEpisode, type Episode, type KeptEpisode } from '../lib/player.ts';

export const $keptEpisodes = atom<Episode[]>([]);

export async function loadKeptEpisodes(titleId: number, kept: KeptEpisode[]): Promise<void> {
  const names = new Map(kept.map((k) => [k.id, k.name]));
  const rows = await readKeptEpisodes(titleId);
  $keptEpisodes.set(rows.flatMap((row) => {
    const episode = toEpisode(row, names.get(row.id) ?? 'Серия');
    return episode ? [{ ...episode, name: names.get(row.id) ?? episode.name }] : [];
  }));
}
