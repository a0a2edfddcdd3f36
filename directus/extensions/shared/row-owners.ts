/**
 * Rows that are part of one title or one person (an episode, a soundtrack, a segment, a junction row):
 * a change to them is a change to that title or person, so the site reads only those again.
 */
import type { Knex } from 'knex';

type Owner = 'titles' | 'actors';

interface Part {
  owner: Owner;
  /** The field that points at the owner, or at `via`'s row that does. */
  field: string;
  via?: { collection: string; field: string };
}

const ofTitle = (field: string): Part => ({ owner: 'titles', field });
const ofActor = (field: string): Part => ({ owner: 'actors', field });

/** A part reaches its owner one way, or one of several (a segment hangs on an episode or on a season), all to the same kind of owner. */
export const PARTS: Readonly<Record<string, Part | readonly [Part, ...Part[]]>> = {
  series: ofTitle('title'),
  iframeSeasons: ofTitle('title'),
  soundtracks: ofTitle('title'),
  soundtracks_files: { owner: 'titles', field: 'soundtracks_id', via: { collection: 'soundtracks', field: 'title' } },
  titles_genres: ofTitle('titles_id'),
  titles_actors: ofTitle('titles_id'),
  titles_directors: ofTitle('titles_id'),
  titles_screenwriters: ofTitle('titles_id'),
  titles_images: ofTitle('titles_id'),
  titles_tags: ofTitle('titles_id'),
  titles_related: ofTitle('titles_id'),
  segments: [
    { owner: 'titles', field: 'episode', via: { collection: 'series', field: 'title' } },
    { owner: 'titles', field: 'season', via: { collection: 'iframeSeasons', field: 'title' } },
  ],
  actors_genres: ofActor('actors_id'),
  actors_images: ofActor('actors_id'),
};

export type Owners = Partial<Record<Owner, number[]>>;

const ids = (values: unknown[]) => [...new Set(values.map(Number).filter(Number.isInteger))];

/** The titles or people the rows `keys` of `collection` belong to; null when they are not parts of one. */
export async function ownersOf(db: Knex, collection: string, keys: (string | number)[]): Promise<Owners | null> {
  if (collection === 'titles' || collection === 'actors') return { [collection]: ids(keys) };
  const found = PARTS[collection];
  if (!found) return null;
  const parts = Array.isArray(found) ? found : [found as Part];
  const owners: number[] = [];
  for (const part of parts) {
    let some = ids(await db(collection).whereIn('id', keys).pluck(part.field));
    if (part.via && some.length) some = ids(await db(part.via.collection).whereIn('id', some).pluck(part.via.field));
    owners.push(...some);
  }
  return { [parts[0]!.owner]: ids(owners) };
}

/** Both sets of owners in one (an update can move a part from one title to another); null when either is unknown. */
export function joinOwners(a: Owners | null, b: Owners | null): Owners | null {
  if (!a || !b) return null;
  const joined: Owners = {};
  for (const kind of ['titles', 'actors'] as const) if (a[kind] || b[kind]) joined[kind] = ids([...(a[kind] ?? []), ...(b[kind] ?? [])]);
  return joined;
}
