/**
 * A save that gives an episode or a film a new video (shared/played-video.ts) takes away what was
 * measured in the old one, all together: the episode's own segments and the search's proposals for
 * the old file (new-video-plan.ts), and every member's saved place in that episode or film (the
 * episode stays their place; the second goes). Watched marks stay: a person did watch the episode,
 * and a mark holds no second. A file upload asks the search by sound as every upload does (segment-finder).
 *
 * Where Directus hands the update's filter the write's own transaction (an episode saved in its
 * title's form, a batch given as a list), it all goes in it. A single update or one by keys runs its
 * filters before Directus opens the write's transaction, and a write there would stand even if the
 * save then failed: the filter only reads what goes, and the action takes it away in one transaction
 * right after the save is stored.
 */
import type { Knex } from 'knex';
import { VIDEO_FIELDS, playedVideo, replacesVideo, savedRow, touchesVideo, type PlayedVideo, type VideoRow } from '../../../../shared/played-video.ts';
import type { Actor } from '../../shared/accountability.ts';
import { clearedNotice, played, segmentsLeaving, segmentsSetBy, type ClearedEpisode, type OwnSegment } from './new-video-plan.ts';
import type { Meta, Payload, Register } from './types.ts';

type Key = string | number;

export interface NewVideoPlan {
  /** Episodes whose places are reset. */
  episodes: number[];
  /** Segments taken away. */
  segments: number[];
  /** Films (titles playing their own video) whose places are reset. */
  films: number[];
  notice: { recipient: string; subject: string; message: string; collection: string; item: string | null } | null;
}

interface EpisodeRow extends VideoRow {
  id: number;
  name: string | null;
  title: number;
}

/** Keys are bound in statements a few hundred at a time: a batch of thousands stays within the database's limit. */
const CHUNK = 500;
const chunks = <T>(list: readonly T[]): T[][] => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

async function rowsOf<T>(database: Knex, table: string, column: string, keys: readonly Key[], fields: string[]): Promise<T[]> {
  const rows: T[] = [];
  for (const part of chunks(keys)) rows.push(...(await database(table).whereIn(column, part).select(fields)));
  return rows;
}

const changed = <R extends VideoRow>(rows: R[], payload: Payload): { row: R; now: PlayedVideo | null }[] =>
  rows.flatMap((row) => {
    const now = playedVideo(savedRow(row, payload));
    return replacesVideo(playedVideo(row), now) ? [{ row, now }] : [];
  });

/** What a save of episodes takes away, read in `database`; null when it gives none of them a new video. */
export async function episodesPlan(database: Knex, keys: readonly Key[], payload: Payload, actor: Actor | null): Promise<NewVideoPlan | null> {
  if (!touchesVideo(payload) || !keys.length) return null;
  const renewed = changed(await rowsOf<EpisodeRow>(database, 'series', 'id', keys, ['id', 'name', 'title', 'source', 'iframe', 'video']), payload);
  if (!renewed.length) return null;
  const ids = renewed.map(({ row }) => Number(row.id));
  const own = await rowsOf<OwnSegment & { episode: number }>(database, 'segments', 'episode', ids, ['id', 'episode', 'absent', 'file', 'state']);
  const setBySave = segmentsSetBy(payload.segments);
  const titles = new Map<number, string>((await rowsOf<{ id: number; name: string }>(database, 'titles', 'id', [...new Set(renewed.map(({ row }) => row.title))], ['id', 'name']))
    .map((t) => [Number(t.id), t.name]));
  const segments: number[] = [];
  const cleared: ClearedEpisode[] = [];
  for (const { row, now } of renewed) {
    const leaving = segmentsLeaving(own.filter((s) => Number(s.episode) === Number(row.id)), now, setBySave);
    segments.push(...leaving.map((s) => Number(s.id)));
    cleared.push({ title: titles.get(Number(row.title)) ?? '', name: row.name ?? `№ ${row.id}`, removed: leaving.filter(played).length, upload: now?.kind === 'video' });
  }
  const notice = actor?.user ? clearedNotice(cleared) : null;
  return {
    episodes: ids,
    segments,
    films: [],
    notice: notice && { recipient: actor!.user!, ...notice, collection: 'series', item: ids.length === 1 ? String(ids[0]) : null },
  };
}

/** What a save of titles takes away: the places in those that play their own video now another. */
async function filmsPlan(database: Knex, keys: readonly Key[], payload: Payload): Promise<NewVideoPlan | null> {
  if (!touchesVideo(payload) || !keys.length) return null;
  const renewed = changed(await rowsOf<VideoRow & { id: number }>(database, 'titles', 'id', keys, ['id', 'source', 'iframe', 'video']), payload);
  return renewed.length ? { episodes: [], segments: [], films: renewed.map(({ row }) => Number(row.id)), notice: null } : null;
}

/** Takes it all away in `trx`. A place keeps its episode and its time of saving: the person did nothing. */
async function apply(trx: Knex, plan: NewVideoPlan): Promise<void> {
  const forgotten = { position: null, duration: null };
  for (const part of chunks(plan.segments)) await trx('segments').whereIn('id', part).delete();
  for (const part of chunks(plan.episodes)) await trx('watchProgress').whereIn('episode', part).update(forgotten);
  for (const part of chunks(plan.films)) await trx('watchProgress').whereIn('title', part).whereNull('episode').update(forgotten);
  if (plan.notice) await trx('directus_notifications').insert({ ...plan.notice, timestamp: new Date(), status: 'inbox', sender: null });
}

/** Plans read by a filter outside the write's transaction, by the write, until its action; past a bound they are forgotten. */
const WAITING_KEPT = 1000;

export function registerNewVideo({ filter, action }: Register, purgeCache: () => Promise<void>, logError: (err: unknown) => void): void {
  const waiting = new Map<string, NewVideoPlan>();
  // A save's rows (Directus sorts its keys after the filters) and what it gives them to play: a save that
  // failed leaves its entry, which only the same save again can meet, and that save plans afresh.
  const entryOf = (collection: string, keys: readonly Key[], payload: Payload) =>
    JSON.stringify([collection, keys.map(String).sort(), VIDEO_FIELDS.map((f) => (f in payload ? payload[f] : '(не задано)'))]);

  for (const collection of ['series', 'titles'] as const) {
    filter(`${collection}.items.update`, async (payload: Payload, meta: Meta, { database, accountability }) => {
      const keys = meta.keys ?? [];
      if (!touchesVideo(payload)) return payload;
      const plan = collection === 'series' ? await episodesPlan(database, keys, payload, accountability) : await filmsPlan(database, keys, payload);
      const entry = entryOf(collection, keys, payload);
      waiting.delete(entry);
      if (!plan) return payload;
      if (database.isTransaction) {
        await apply(database, plan);
      } else {
        if (waiting.size >= WAITING_KEPT) waiting.clear();
        waiting.set(entry, plan);
      }
      return payload;
    });

    action(`${collection}.items.update`, async (meta, { database }) => {
      if (!meta.payload || !touchesVideo(meta.payload)) return;
      const entry = entryOf(collection, meta.keys ?? [], meta.payload);
      const plan = waiting.get(entry);
      if (!plan) return;
      waiting.delete(entry);
      try {
        await database.transaction((trx) => apply(trx, plan));
        // Written past the services, after the save cleared the cache.
        await purgeCache();
      } catch (err) {
        logError(err);
      }
    });
  }
}
