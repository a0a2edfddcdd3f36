/**
 * The catalogue's rows as the last build read them, kept beside the page keys, so an incremental
 * build reads again only the titles and people that changed, and the other parts of a split build
 * load them rather than ask Directus again. One row a line (NDJSON): written and read as a stream, so
 * its size never meets the limit of one string. A build that reads everything writes the file anew
 * as it reads; an edit appends what it changed (rows-delta.ts), one line an edit.
 */
import { closeSync, createReadStream, createWriteStream, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { personOf, shareOf, summaryOf, type CatalogueRows, type CatalogueShare, type OwnRow, type RowsBesides, type RowSink, type TitleSummary } from '../lib/directus/catalogue.ts';
import type { ActorPage, Person, TitleRow } from '../lib/directus/reader.ts';
import { applyDelta, combineDeltas, type RowsDelta } from './rows-delta.ts';

const FILE = 'catalogue.ndjson';
const VERSION = 4;

/**
 * The rows file being written: a first line naming the version, then one row a line, to a temporary
 * name renamed in place once whole; each title's and person's line answers where it lies.
 */
class RowsFileWriter {
  private readonly file: string;
  private readonly out;
  private offset = 0;
  /** A write that failed (a full disk): the next line or the finish throws it. */
  private failed: Error | undefined;

  constructor(file: string) {
    this.file = file;
    this.out = createWriteStream(`${file}.tmp`).on('error', (err) => { this.failed = err; });
    this.write(JSON.stringify({ version: VERSION }));
  }

  title = (row: TitleRow) => this.line(`t${JSON.stringify(row)}`);
  actor = (row: ActorPage) => this.line(`a${JSON.stringify(row)}`);

  /** The lines after the titles and people; then the file takes its place. */
  async finish({ coMarks = {}, related = {}, counters }: RowsBesides): Promise<void> {
    for (const [id, list] of Object.entries(coMarks)) await this.line(`c${JSON.stringify([Number(id), list])}`);
    for (const [id, list] of Object.entries(related)) await this.line(`r${JSON.stringify([Number(id), list])}`);
    if (counters) await this.line(`k${JSON.stringify(counters)}`);
    if (this.failed) throw this.failed;
    this.out.end();
    await once(this.out, 'finish');
    renameSync(`${this.file}.tmp`, this.file);
  }

  /** Stops writing; the temporary file is left for the next save to write over. */
  abandon(): void {
    this.out.destroy();
  }

  private async line(text: string): Promise<LineAt> {
    if (this.failed) throw this.failed;
    const { at, full } = this.write(text);
    if (full) await once(this.out, 'drain');
    return at;
  }

  private write(text: string): { at: LineAt; full: boolean } {
    const at = { start: this.offset, bytes: Buffer.byteLength(text) };
    this.offset += at.bytes + 1;
    return { at, full: !this.out.write(`${text}\n`) };
  }
}

/** Rows written anew. */
async function writeRows(file: string, rows: CatalogueRows): Promise<void> {
  const writer = new RowsFileWriter(file);
  for (const t of rows.titles) await writer.title(t);
  for (const a of rows.actors) await writer.actor(a);
  await writer.finish(rows);
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

/** Reads a row again from its line. */
type RowReader = <T>(at: LineAt) => T;

/**
 * Reads a row again from its line, through the rows file's descriptor `fd`, left open for the process's
 * end: the file may be replaced by the next build's rows meanwhile, and this build keeps reading the
 * rows it was given.
 */
function rowReader(fd: number): RowReader {
  return <T>({ start, bytes }: LineAt): T => {
    const line = Buffer.allocUnsafe(bytes);
    readSync(fd, line, 0, bytes, start);
    return JSON.parse(line.toString('utf8', 1));
  };
}

/** Saves `rows` (written anew). */
export function saveRows(dir: string, rows: CatalogueRows): Promise<void> {
  return writeRows(path.join(dir, FILE), rows);
}

/** Where a share's own rows are read again from: known once every row is read (the file's descriptor). */
interface RowSource {
  read: RowReader;
}

/**
 * A row as one's own: its id and slug, and where its line lies, read again whenever its pages need it
 * whole. One small object a row: a build part holds hundreds of thousands.
 */
class RowAt<T> implements OwnRow<T> {
  readonly id: number;
  readonly slug: string;
  private readonly start: number;
  private readonly bytes: number;
  private readonly source: RowSource;

  constructor(row: { id: number; slug: string }, { start, bytes }: LineAt, source: RowSource) {
    this.id = row.id;
    this.slug = row.slug;
    this.start = start;
    this.bytes = bytes;
    this.source = source;
  }

  row(): T {
    return this.source.read<T>({ start: this.start, bytes: this.bytes });
  }
}

const notReadYet: RowReader = () => {
  throw new Error('a row was asked for before the rows were read');
};

/**
 * A share (catalogue.ts, shareOf) made as rows come in their order, each with where its line lies:
 * the others cut down at once, this process's own (`owns`, by place) kept as their lines' places.
 */
function shareMaker(owns: (index: number) => boolean) {
  const titles: TitleSummary[] = [];
  const people: Person[] = [];
  const source: RowSource = { read: notReadYet };
  const ownTitles: OwnRow<TitleRow>[] = [];
  const ownActors: OwnRow<ActorPage>[] = [];
  return {
    title(row: TitleRow, at: LineAt) {
      if (owns(titles.length)) ownTitles.push(new RowAt(row, at, source));
      titles.push(summaryOf(row));
    },
    actor(row: ActorPage, at: LineAt) {
      if (owns(people.length)) ownActors.push(new RowAt(row, at, source));
      people.push(personOf(row));
    },
    /** The share, its own rows read again through `readAgain`. */
    made(readAgain: RowReader, { related = {}, counters }: RowsBesides): CatalogueShare {
      source.read = readAgain;
      return { titles, people, ownTitles, ownActors, related, ...(counters ? { counters } : {}) };
    },
  };
}

/**
 * Reads the rows with `read`, writing each to the file as it comes (written anew), and answers the
 * share of a process that renders the pages of the rows `owns` picks: so the process that reads
 * the catalogue never holds it whole either.
 */
export async function saveRowsAsRead(dir: string, owns: (index: number) => boolean, read: (sink: RowSink) => Promise<RowsBesides>): Promise<CatalogueShare> {
  const file = path.join(dir, FILE);
  const writer = new RowsFileWriter(file);
  const share = shareMaker(owns);
  try {
    const besides = await read({
      titles: async (rows) => { for (const row of rows) share.title(row, await writer.title(row)); },
      actors: async (rows) => { for (const row of rows) share.actor(row, await writer.actor(row)); },
    });
    await writer.finish(besides);
    return share.made(rowReader(openSync(file, 'r')), besides);
  } catch (err) {
    writer.abandon();
    throw err;
  }
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
  // Opened before the read, so the lines read again later are those of the file read now.
  const fd = openSync(file, 'r');
  const share = shareMaker(owns);
  const rest = await readRows(file, share).catch((err: unknown) => { closeSync(fd); throw err; });
  if (rest && !rest.edits.length) return share.made(rowReader(fd), rest);
  closeSync(fd);
  if (!rest) return null;
  // Edits are applied to whole rows: with any, the rows are read whole and then cut down.
  const rows = await loadRows(dir);
  return rows && shareOf(rows, owns);
}
