/**
 * The catalogue's rows as the last build read them, kept beside the page keys, so an incremental
 * build reads again only the titles and people that changed, and the other parts of a split build
 * load them rather than ask Directus again. One row a line (NDJSON): written and read as a stream, so
 * its size never meets the limit of one string. A build that read everything writes the file anew;
 * an edit appends what it changed (rows-delta.ts), one line an edit.
 */
import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { CatalogueRows } from '../lib/directus/catalogue.ts';
import { applyDelta, combineDeltas, type RowsDelta } from './rows-delta.ts';

const FILE = 'catalogue.ndjson';
const VERSION = 4;

async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(file);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** Rows, one a line after a first line naming the version, written to a temporary file and then renamed in place. */
async function writeRows(file: string, rows: CatalogueRows): Promise<void> {
  function* lines() {
    yield JSON.stringify({ version: VERSION });
    for (const t of rows.titles) yield `t${JSON.stringify(t)}`;
    for (const a of rows.actors) yield `a${JSON.stringify(a)}`;
    for (const [id, list] of Object.entries(rows.coMarks ?? {})) yield `c${JSON.stringify([Number(id), list])}`;
    for (const [id, list] of Object.entries(rows.related ?? {})) yield `r${JSON.stringify([Number(id), list])}`;
    if (rows.counters) yield `k${JSON.stringify(rows.counters)}`;
  }
  await writeLines(`${file}.tmp`, lines());
  renameSync(`${file}.tmp`, file);
}

/** The rows of `file`, with the edits appended to it applied; null when there are none of this version, or a line is cut short (a write stopped midway). */
async function readRows(file: string): Promise<CatalogueRows | null> {
  if (!existsSync(file)) return null;
  try {
    return await parseRows(file);
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  }
}

async function parseRows(file: string): Promise<CatalogueRows | null> {
  const rows: CatalogueRows & Required<Pick<CatalogueRows, 'coMarks' | 'related'>> = { titles: [], actors: [], coMarks: {}, related: {} };
  const edits: RowsDelta[] = [];
  let head: { version?: number } | undefined;
  for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
    if (!head) {
      head = JSON.parse(line) as { version?: number };
      if (head.version !== VERSION) return null;
    } else if (line[0] === 'e') edits.push(JSON.parse(line.slice(1)));
    else if (line[0] === 't') rows.titles.push(JSON.parse(line.slice(1)));
    else if (line[0] === 'a') rows.actors.push(JSON.parse(line.slice(1)));
    else if (line[0] === 'c' || line[0] === 'r') {
      const [id, list] = JSON.parse(line.slice(1)) as [number, never];
      rows[line[0] === 'c' ? 'coMarks' : 'related'][id] = list;
    } else if (line[0] === 'k') rows.counters = JSON.parse(line.slice(1));
  }
  if (!head) return null;
  return edits.length ? applyDelta(rows, combineDeltas(edits)) : rows;
}

export function saveRows(dir: string, rows: CatalogueRows): Promise<void> {
  return writeRows(path.join(dir, FILE), rows);
}

/** Appends an edit's changes to the rows saved last (saveRows, then any edits). */
export function appendEdit(dir: string, delta: RowsDelta): Promise<void> {
  return appendFile(path.join(dir, FILE), `e${JSON.stringify(delta)}\n`);
}

/** The rows saved last, or null when there are none of this version. */
export async function loadRows(dir: string): Promise<CatalogueRows | null> {
  return readRows(path.join(dir, FILE));
}
