/**
 * The catalogue's rows as the last build read them, kept beside the page keys, so an incremental
 * build reads again only the titles and people that changed, and the other parts of a split build
 * load them rather than ask Directus again. One row a line (NDJSON): written and read as a stream, so
 * its size never meets the limit of one string. A build that read everything writes the file anew;
 * an edit appends what it changed (rows-delta.ts), one line an edit.
 */
import { createReadStream, createWriteStream, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { personOf, shareOf, summaryOf, type CatalogueRows, type CatalogueShare, type OwnRow } from '../lib/directus/catalogue.ts';
import type { ActorPage, TitleRow } from '../lib/directus/reader.ts';
import { applyDelta, combineDeltas, type RowsDelta } from './rows-delta.ts';

const FILE = 'catalogue.ndjson';
const VERSION = 4;

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** Where each title's and person's line lies in the file, in the rows' order. */
export interface RowPlaces {
  titles: LineAt[];
  actors: LineAt[];
}

/**
 * Rows, one a line after a first line naming the version, written to a temporary file and then
 * renamed in place; answers where each title and person lies.
 */
async function writeRows(file: string, rows: CatalogueRows): Promise<RowPlaces> {
  const places: RowPlaces = { titles: [], actors: [] };
  let offset = 0;
  const placed = (line: string, list?: LineAt[]) => {
    const bytes = Buffer.byteLength(line);
    list?.push({ start: offset, bytes });
    offset += bytes + 1;
    return line;
  };
  function* lines() {
    yield placed(JSON.stringify({ version: VERSION }));
    for (const t of rows.titles) yield placed(`t${JSON.stringify(t)}`, places.titles);
    for (const a of rows.actors) yield placed(`a${JSON.stringify(a)}`, places.actors);
    for (const [id, list] of Object.entries(rows.coMarks ?? {})) yield `c${JSON.stringify([Number(id), list])}`;
    for (const [id, list] of Object.entries(rows.related ?? {})) yield `r${JSON.stringify([Number(id), list])}`;
    if (rows.counters) yield `k${JSON.stringify(rows.counters)}`;
  }
  await writeLines(`${file}.tmp`, lines());
  renameSync(`${file}.tmp`, file);
  return places;
}

/** Where a line lies in its file, in bytes (its newline left out). */
interface LineAt {
  start: number;
  bytes: number;
}

/** The lines of `file` with where each lies. A row's JSON never holds a raw newline, so a line is a row. */
async function* linesOf(file: string): AsyncGenerator<{ text: string; at: LineAt }> {
  let rest: Buffer = Buffer.alloc(0);
  let offset = 0;
  for await (const chunk of createReadStream(file)) {
    const data = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    let from = 0;
    for (let nl = data.indexOf(10); nl !== -1; nl = data.indexOf(10, from)) {
      yield { text: data.toString('utf8', from, nl), at: { start: offset + from, bytes: nl - from } };
      from = nl + 1;
    }
    offset += from;
    rest = data.subarray(from);
  }
  // A last line without its newline was cut short by a write stopped midway.
  if (rest.length) throw new SyntaxError('the last line of the kept rows is cut short');
}

/** Where the titles and people go as they are read, with where each one's line lies. */
interface RowTaker {
  title(row: TitleRow, at: LineAt): void;
  actor(row: ActorPage, at: LineAt): void;
}

/** What a file holds besides its titles and people. */
type RowsRest = Required<Pick<CatalogueRows, 'coMarks' | 'related'>> & Pick<CatalogueRows, 'counters'> & { edits: RowsDelta[] };

/**
 * The lines of `file`, titles and people handed to `take` as they are read; null when there are none
 * of this version, or a line is cut short (a write stopped midway).
 */
async function readRows(file: string, take: RowTaker): Promise<RowsRest | null> {
  if (!existsSync(file)) return null;
  try {
    return await parseRows(file, take);
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  }
}

async function parseRows(file: string, take: RowTaker): Promise<RowsRest | null> {
  const rest: RowsRest = { coMarks: {}, related: {}, edits: [] };
  let head: { version?: number } | undefined;
  for await (const { text: line, at } of linesOf(file)) {
    if (!head) {
      head = JSON.parse(line) as { version?: number };
      if (head.version !== VERSION) return null;
    } else if (line[0] === 'e') rest.edits.push(JSON.parse(line.slice(1)));
    else if (line[0] === 't') take.title(JSON.parse(line.slice(1)), at);
    else if (line[0] === 'a') take.actor(JSON.parse(line.slice(1)), at);
    else if (line[0] === 'c' || line[0] === 'r') {
      const [id, list] = JSON.parse(line.slice(1)) as [number, never];
      rest[line[0] === 'c' ? 'coMarks' : 'related'][id] = list;
    } else if (line[0] === 'k') rest.counters = JSON.parse(line.slice(1));
  }
  return head ? rest : null;
}

/**
 * Reads a row again from its line of `file`, through one descriptor opened now and left for the
 * process's end: the file may be replaced by the next build's rows meanwhile, and this build keeps
 * reading the rows it was given.
 */
function rowReader(file: string) {
  const fd = openSync(file, 'r');
  return <T>({ start, bytes }: LineAt): T => {
    const line = Buffer.allocUnsafe(bytes);
    readSync(fd, line, 0, bytes, start);
    return JSON.parse(line.toString('utf8', 1));
  };
}

/** Saves `rows` (written anew); answers where each title and person lies, for sharedFromFile. */
export function saveRows(dir: string, rows: CatalogueRows): Promise<RowPlaces> {
  return writeRows(path.join(dir, FILE), rows);
}

/** A row as one's own, read again from its line through `readAgain` whenever its pages need it whole. */
function ownAt<T extends { id: number; slug: string }>(readAgain: ReturnType<typeof rowReader>, row: T, at: LineAt): OwnRow<T> {
  return { id: row.id, slug: row.slug, row: () => readAgain<T>(at) };
}

/**
 * The share (catalogue.ts, shareOf) of `rows` just saved in `dir` at `places`, whose own rows are
 * read again from the file rather than held: what the process that read the rows keeps of them.
 */
export function sharedFromFile(dir: string, rows: CatalogueRows, places: RowPlaces, owns: (index: number) => boolean): CatalogueShare {
  const readAgain = rowReader(path.join(dir, FILE));
  return shareOf(rows, owns, {
    title: (i, row) => ownAt(readAgain, row, places.titles[i]!),
    actor: (i, row) => ownAt(readAgain, row, places.actors[i]!),
  });
}

/** Appends an edit's changes to the rows saved last (saveRows, then any edits). */
export function appendEdit(dir: string, delta: RowsDelta): Promise<void> {
  return appendFile(path.join(dir, FILE), `e${JSON.stringify(delta)}\n`);
}

/** The rows saved last, with the edits appended since applied; null when there are none of this version. */
export async function loadRows(dir: string): Promise<CatalogueRows | null> {
  const titles: TitleRow[] = [];
  const actors: ActorPage[] = [];
  const rest = await readRows(path.join(dir, FILE), { title: (row) => titles.push(row), actor: (row) => actors.push(row) });
  if (!rest) return null;
  const { edits, ...more } = rest;
  const rows: CatalogueRows = { titles, actors, ...more };
  return edits.length ? applyDelta(rows, combineDeltas(edits)) : rows;
}

/**
 * The share of the rows saved last (catalogue.ts, shareOf) of a process that renders the pages of
 * the rows `owns` picks by their place. The others are cut down as they are read, and its own are
 * read again from the file when their pages need them, so no process holds the catalogue whole;
 * null when there are no rows of this version.
 */
export async function loadShare(dir: string, owns: (index: number) => boolean): Promise<CatalogueShare | null> {
  const file = path.join(dir, FILE);
  if (!existsSync(file)) return null;
  const readAgain = rowReader(file);
  const share: CatalogueShare = { titles: [], people: [], ownTitles: [], ownActors: [], related: {} };
  const rest = await readRows(file, {
    title(row, at) {
      if (owns(share.titles.length)) share.ownTitles.push(ownAt(readAgain, row, at));
      share.titles.push(summaryOf(row));
    },
    actor(row, at) {
      if (owns(share.people.length)) share.ownActors.push(ownAt(readAgain, row, at));
      share.people.push(personOf(row));
    },
  });
  if (!rest) return null;
  // Edits are applied to whole rows: with any, the rows are read whole and then cut down.
  if (rest.edits.length) {
    const rows = await loadRows(dir);
    return rows && shareOf(rows, owns);
  }
  return { ...share, related: rest.related, ...(rest.counters ? { counters: rest.counters } : {}) };
}
