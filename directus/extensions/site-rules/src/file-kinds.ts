/**
 * A catalogue file field holds a file of its kind alone (directus/schema: a file field's `kind`): a
 * poster, a photo or a page's banner a picture, a title's or an episode's video a video, a soundtrack's
 * tracks audio. Checked whoever writes, in the field itself or in its junction (titles_images…), for a row
 * written alone, in a batch or inside another (the admin app saves a title with its images, episodes and
 * soundtracks as `{create, update, delete}`), in the write's own transaction, so a refusal leaves nothing
 * written.
 *
 * A file is of a kind when its type is one of the kind's, it has content, and, for a picture, Directus
 * read its size in pixels from it when it was uploaded (a text named poster.jpg has none): what Directus
 * recorded of the bytes, rather than the bytes read again at every link.
 *
 * A file keeps the kind of the fields that show it: a change of its type or facts (PATCH /files) and a
 * new content (PATCH /files/{id} with a file, or an import over it) are refused when one of those fields
 * would not take it. Editors change neither (their permissions name neither); administrators may.
 */
import { isDirectusError } from '@directus/errors';
import type { Knex } from 'knex';
import type { NextFunction, Request, Response } from 'express';
import { FILE_KINDS, type FileKind } from '../../../../shared/rules.ts';
import { typeNames } from '../../../../shared/file-type-names.ts';
import { COLLECTIONS } from '../../../schema/collections.ts';
import type { CollectionDef, FieldDef } from '../../../schema/define.ts';
import { fieldName } from '../../../schema/labels.ts';
import { isStaff } from '../../shared/accountability.ts';
import type { Accountability } from '../../shared/directus.ts';
import { invalid, refusal } from '../../shared/errors.ts';
import { uuidKeyOf } from '../../shared/keys.ts';
import { isTree } from '../../shared/tree.ts';
import { registerFieldCheck } from './field-values.ts';
import type { Register } from './types.ts';
import { firstFileType } from './upload-parts.ts';

/** What a field of each kind takes, said after the field's name: one message a kind. */
const TAKES: Record<FileKind, string> = {
  picture: `только изображение (${typeNames(FILE_KINDS.picture)})`,
  video: `только видео (${typeNames(FILE_KINDS.video)})`,
  audio: `только аудио (${typeNames(FILE_KINDS.audio)})`,
};

export const NO_SUCH_FILE = 'Такого файла нет';

/** A file field: the column that holds the file's id (the field's own, or its junction's), its kind, and its name as editors read it. */
export interface FileLink { collection: string; column: string; kind: FileKind; name: string }

export const wrongKind = (link: FileLink): string => `${link.name} — ${TAKES[link.kind]}`;

const KINDS = Object.keys(FILE_KINDS) as FileKind[];
const sameTypes = (a: readonly string[], b: unknown) => Array.isArray(b) && a.length === b.length && a.every((t, i) => b[i] === t);

/** The kind a field was given in the data model, told by the types it lets the admin app's picker offer. */
function kindOf(field: FieldDef): FileKind | null {
  const types = (field.meta.options as { allowedMimeTypes?: unknown } | undefined)?.allowedMimeTypes;
  return KINDS.find((kind) => sameTypes(FILE_KINDS[kind], types)) ?? null;
}

/** Every field of the model given a kind: a file field holds the id itself; a files alias, its junction's file column. */
export function fileLinks(model: readonly CollectionDef[]): FileLink[] {
  const links: FileLink[] = [];
  for (const def of model) {
    for (const field of def.fields) {
      const kind = kindOf(field);
      if (!kind) continue;
      const name = fieldName(def.collection, field.field);
      if (((field.meta.special as string[] | undefined) ?? []).includes('file')) {
        links.push({ collection: def.collection, column: field.field, kind, name });
        continue;
      }
      const junction = model.find((j) => j.relations.some((r) => r.related_collection === def.collection && r.meta.one_field === field.field));
      const back = junction?.relations.find((r) => r.related_collection === def.collection);
      if (!junction || typeof back?.meta.junction_field !== 'string') throw new Error(`${def.collection}.${field.field}: a kind for a field that holds no file`);
      links.push({ collection: junction.collection, column: back.meta.junction_field, kind, name });
    }
  }
  return links;
}

export const FILE_LINKS = fileLinks(COLLECTIONS);

/** What Directus recorded of a file's content when it was uploaded. */
const FACTS = ['type', 'filesize', 'width', 'height'] as const;
type Facts = Partial<Record<(typeof FACTS)[number], unknown>>;

const factsIn = (value: Record<string, unknown>): Facts => Object.fromEntries(FACTS.filter((f) => f in value).map((f) => [f, value[f]]));

export function isOfKind(kind: FileKind, file: Facts): boolean {
  const types: readonly string[] = FILE_KINDS[kind];
  if (typeof file.type !== 'string' || !types.includes(file.type) || !(Number(file.filesize) > 0)) return false;
  return kind !== 'picture' || (Number(file.width) > 0 && Number(file.height) > 0);
}

/**
 * The file a field is given: a stored one by its id, with what the write changes of it (`{id, type}`
 * writes the file too), or one the write creates (an object without an id). Null when there is none.
 */
async function fileOf(database: Knex, value: unknown): Promise<Facts | null> {
  const id = isTree(value) && !('id' in value) ? null : uuidKeyOf(value);
  const stored: Facts | undefined = id === null ? undefined : await database('directus_files').where('id', id).first(...FACTS);
  if (!isTree(value)) return stored ?? null;
  return { ...stored, ...factsIn(value) };
}

/** The fields that show each of the files, by the file's id. */
async function linksTo(database: Knex, ids: readonly string[]): Promise<Map<string, FileLink[]>> {
  const found = new Map<string, FileLink[]>();
  if (!ids.length) return found;
  for (const link of FILE_LINKS) {
    const linked: unknown[] = await database(link.collection).whereIn(link.column, ids).distinct().pluck(link.column);
    for (const id of linked.map(String)) found.set(id, [...(found.get(id) ?? []), link]);
  }
  return found;
}

/** The first field that would not take a file of `type` (whatever else it is), or null. */
const refusingType = (links: readonly FileLink[], type: unknown): FileLink | null =>
  links.find((link) => !(FILE_KINDS[link.kind] as readonly string[]).includes(String(type))) ?? null;

/** The types every field of `links` takes. */
const typesFor = (links: readonly FileLink[]): string[] =>
  KINDS.flatMap((kind) => FILE_KINDS[kind]).filter((type) => !refusingType(links, type));

type Caller = Request & { accountability?: Accountability | null };

export function registerFileKindRules(register: Register, database: Knex): void {
  const columns: Record<string, string[]> = {};
  for (const link of FILE_LINKS) (columns[link.collection] ??= []).push(link.column);
  registerFieldCheck(register, columns, async (value, { collection, field }, context) => {
    const link = FILE_LINKS.find((l) => l.collection === collection && l.column === field)!;
    const file = await fileOf(context.database, value);
    if (!file) invalid(NO_SUCH_FILE);
    if (!isOfKind(link.kind, file)) invalid(wrongKind(link));
  });

  // A file's own facts changed (its type above all): the fields that show it must still take it.
  register.filter('files.update', async (payload, meta, context) => {
    const changed = factsIn(payload);
    if (!Object.keys(changed).length) return payload;
    const links = await linksTo(context.database, (meta.keys ?? []).map(String));
    if (!links.size) return payload;
    const rows: (Facts & { id: string })[] = await context.database('directus_files').whereIn('id', [...links.keys()]).select('id', ...FACTS);
    for (const row of rows) {
      const broken = links.get(String(row.id))!.find((link) => !isOfKind(link.kind, { ...row, ...changed }));
      if (broken) invalid(wrongKind(broken));
    }
    return payload;
  });

  /** Imports over a file shown somewhere, with the fields that show it: Directus's refusal of one for its type is told in theirs. */
  const imports = new WeakMap<Request, FileLink[]>();

  register.init('routes.before', ({ app }) => {
    // A new content for a file: Directus stores the type its form declares, without a write event. Members replace nothing (their permissions).
    app.patch('/files/:pk', (req: Caller, _res: Response, next: NextFunction) => {
      if (!isStaff(req.accountability) || !req.is('multipart/form-data')) return next();
      (async () => {
        const id = uuidKeyOf(req.params.pk);
        const links = id === null ? [] : (await linksTo(database, [id])).get(id) ?? [];
        if (!links.length) return next();
        const type = await firstFileType(req);
        const broken = type === null ? null : refusingType(links, type);
        if (!broken) return next();
        // Refused before its file is read: the rest of the request is let through to nowhere.
        req.resume();
        next(refusal(wrongKind(broken)));
      })().catch(next);
    });

    // An import over a file (`data.id`, the admin app's «Заменить файл» by address): Directus checks the
    // type the address answers against `filterMimeType` before it writes anything.
    app.post('/files/import', (req: Caller & { body?: { data?: unknown; options?: unknown } }, _res: Response, next: NextFunction) => {
      const data = req.body?.data;
      if (!isStaff(req.accountability) || !isTree(data) || data.id === undefined || data.id === null) return next();
      (async () => {
        const id = uuidKeyOf(data.id);
        const links = id === null ? [] : (await linksTo(database, [id])).get(id) ?? [];
        if (!links.length) return next();
        // A type sent with the import is the one stored, whatever the address answers.
        const declared = 'type' in data ? refusingType(links, data.type) : null;
        if (declared) return next(refusal(wrongKind(declared)));
        req.body!.options = { ...(isTree(req.body!.options) ? req.body!.options : {}), filterMimeType: typesFor(links) };
        imports.set(req, links);
        next();
      })().catch(next);
    });
  });

  register.init('routes.custom.after', ({ app }) => {
    app.use((err: unknown, req: Request, _res: Response, next: NextFunction) => {
      const links = imports.get(req);
      // «File content type "…" is not allowed for upload by this field's (or your global) file type restrictions».
      const type = links && isDirectusError(err, 'INVALID_PAYLOAD') ? /content type "([^"]*)".*file type restrictions/.exec(err.message)?.[1] : undefined;
      next(links && type !== undefined ? refusal(wrongKind(refusingType(links, type) ?? links[0]!)) : err);
    });
  });
}
