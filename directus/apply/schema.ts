/**
 * Applies the data model as a diff: creates what is missing and corrects field metadata, with the
 * names editors read (labels.ts).
 * It never drops a collection, field or column, so content survives every run.
 */
import { COLLECTIONS as MODEL, SYSTEM_EXTENSIONS as MODEL_EXTENSIONS } from '../schema/collections.ts';
import type { CollectionDef, FieldDef } from '../schema/define.ts';
import { FOLDERS, folderCollection, inFolder } from '../schema/folders.ts';
import { labelled } from '../schema/labels.ts';
import { AdminApi, covers } from './admin-api.ts';

interface ExistingField { collection: string; field: string; meta: Record<string, unknown> | null; schema: Record<string, unknown> | null }
interface ExistingRelation { collection: string; field: string; meta: Record<string, unknown> | null }

/** The model as editors read it: Russian names, notes and choice words (labels.ts), each collection in its folder. */
const COLLECTIONS = MODEL.map((def) => inFolder(labelled(def, MODEL)));
const SYSTEM_EXTENSIONS = MODEL_EXTENSIONS.map((def) => labelled(def, MODEL));

export async function applySchema(api: AdminApi): Promise<void> {
  const collections = new Set((await api.get<{ collection: string }[]>('/collections')).map((c) => c.collection));
  const fields = new Map((await api.get<ExistingField[]>('/fields')).map((f) => [`${f.collection}.${f.field}`, f]));

  // Folders first: a collection names its folder as its group.
  for (const [i, folder] of FOLDERS.entries()) {
    const def = folderCollection(folder, i + 1);
    if (!collections.has(def.collection)) await api.post('/collections', { collection: def.collection, meta: def.meta, schema: null });
    else if (!covers((await api.get<{ meta: Record<string, unknown> }>(`/collections/${def.collection}`)).meta, def.meta)) {
      await api.patch(`/collections/${def.collection}`, { meta: def.meta });
    }
  }

  for (const def of COLLECTIONS) {
    if (collections.has(def.collection)) {
      const meta = (await api.get<{ meta: Record<string, unknown> }>(`/collections/${def.collection}`)).meta;
      if (!covers(meta, def.meta)) await api.patch(`/collections/${def.collection}`, { meta: def.meta });
      continue;
    }
    // Columns first; relations are added once every target collection exists.
    await api.post('/collections', { collection: def.collection, meta: def.meta, schema: {}, fields: def.fields });
    for (const f of def.fields) fields.set(`${def.collection}.${f.field}`, { ...f, collection: def.collection });
  }

  for (const def of [...COLLECTIONS, ...SYSTEM_EXTENSIONS]) await applyFields(api, def, fields);
  await applyRelations(api, [...COLLECTIONS, ...SYSTEM_EXTENSIONS]);
  const { changed } = await api.request<{ changed: string[] }>('POST', '/site/schema/indexes', {}, false);
  api.writes += changed.length;
}

async function applyFields(api: AdminApi, def: CollectionDef, existing: Map<string, ExistingField>): Promise<void> {
  for (const f of def.fields) {
    const have = existing.get(`${def.collection}.${f.field}`);
    if (!have) {
      await api.post(`/fields/${def.collection}`, f);
      continue;
    }
    const patch: Partial<FieldDef> = {};
    if (!covers(have.meta, f.meta)) patch.meta = f.meta;
    if (f.schema?.is_indexed && !have.schema?.is_indexed && !have.schema?.is_primary_key) patch.schema = { is_indexed: true };
    if (Object.keys(patch).length) await api.patch(`/fields/${def.collection}/${f.field}`, patch);
  }
}

async function applyRelations(api: AdminApi, defs: CollectionDef[]): Promise<void> {
  const existing = new Map((await api.get<ExistingRelation[]>('/relations')).map((r) => [`${r.collection}.${r.field}`, r]));
  for (const def of defs) {
    for (const rel of def.relations) {
      const have = existing.get(`${rel.collection}.${rel.field}`);
      if (!have) await api.post('/relations', rel);
      else if (!covers(have.meta, rel.meta)) await api.patch(`/relations/${rel.collection}/${rel.field}`, { meta: rel.meta });
    }
  }
}
