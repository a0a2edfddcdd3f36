/**
 * A small vocabulary for writing the data model as code. Each helper returns the exact
 * payload Directus's REST API takes for a field or relation, so the model reads like a list
 * of fields while `apply` stays a plain diff against `/fields` and `/relations`.
 */

import { FILE_KINDS, type FileKind } from '../../shared/rules.ts';

export interface FieldDef {
  field: string;
  type: string;
  meta: Record<string, unknown>;
  schema: Record<string, unknown> | null;
}

export interface RelationDef {
  collection: string;
  field: string;
  related_collection: string | null;
  meta: Record<string, unknown>;
  schema: { on_delete: 'SET NULL' | 'CASCADE' | 'NO ACTION' } | null;
}

export interface CollectionDef {
  collection: string;
  meta: Record<string, unknown>;
  fields: FieldDef[];
  relations: RelationDef[];
}

type Opts = {
  special?: string[];
  required?: boolean;
  unique?: boolean;
  indexed?: boolean;
  hidden?: boolean;
  readonly?: boolean;
  note?: string;
  default?: unknown;
  nullable?: boolean;
  max?: number;
  interface?: string;
  options?: Record<string, unknown>;
  width?: 'half' | 'full';
  /**
   * A file field's kind: the admin app's file picker offers and uploads only its types, and the backend
   * (site-rules: file-kinds.ts) refuses a file of another type in it.
   */
  kind?: FileKind;
};

/** Field metadata; `special` carries casts such as cast-boolean, without which SQLite hands back 1/0 and JSON as text. */
function meta(o: Opts, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...(o.special ? { special: o.special } : {}),
    required: o.required ?? false,
    hidden: o.hidden ?? false,
    readonly: o.readonly ?? false,
    note: o.note ?? null,
    width: o.width ?? 'full',
    ...(o.interface ? { interface: o.interface } : {}),
    ...(o.options || o.kind ? { options: { ...o.options, ...(o.kind ? { allowedMimeTypes: [...FILE_KINDS[o.kind]] } : {}) } } : {}),
    ...extra,
  };
}

function schema(o: Opts, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    is_nullable: o.nullable ?? !o.required,
    is_unique: o.unique ?? false,
    is_indexed: o.indexed ?? false,
    ...(o.default !== undefined ? { default_value: o.default } : {}),
    ...extra,
  };
}

/** Auto-increment integer key: compact ids for catalogue rows and URLs. */
export const integerKey = (): FieldDef => ({
  field: 'id',
  type: 'integer',
  meta: { hidden: true, readonly: true, interface: 'input' },
  schema: { is_primary_key: true, has_auto_increment: true },
});

/** UUID key: for rows whose ids must not be guessable (invoices). */
export const uuidKey = (): FieldDef => ({
  field: 'id',
  type: 'uuid',
  meta: { hidden: true, readonly: true, interface: 'input', special: ['uuid'] },
  schema: { is_primary_key: true, length: 36, has_auto_increment: false },
});

export const string = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'string',
  meta: meta({ interface: 'input', ...o }),
  schema: schema(o, { max_length: o.max ?? 255 }),
});

/** The admin app's slug field (extensions/slug-input): filled from `from` as a new row's name is typed. */
export const SLUG_INTERFACE = 'slug-from-name';

/**
 * A page's address: unique, typed by hand or left empty for the backend to make from `from`
 * (site-rules/slugs.ts), so the form does not demand it while the column never holds a null.
 */
export const slug = (from: string, o: Opts = {}): FieldDef => string('slug', {
  unique: true, nullable: false, interface: SLUG_INTERFACE, options: { from }, ...o,
});

export const text = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'text',
  meta: meta({ interface: 'input-multiline', ...o }),
  schema: schema(o),
});

/** Rich text from editors; the site sanitises it before rendering. */
export const html = (field: string, o: Opts = {}): FieldDef => text(field, { interface: 'input-rich-text-html', ...o });

export const integer = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'integer',
  meta: meta({ interface: 'input', ...o }),
  schema: schema(o),
});

export const decimal = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'decimal',
  meta: meta({ interface: 'input', ...o }),
  schema: schema(o, { numeric_precision: 10, numeric_scale: 2 }),
});

/** A whole number past 32 bits: a moment as milliseconds since the epoch. PostgreSQL answers it as text. */
export const bigInteger = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'bigInteger',
  meta: meta({ interface: 'input', ...o }),
  schema: schema(o),
});

/** A number with a fraction that comes back as a number (Directus answers `decimal` as text): seconds of a video. */
export const float = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'float',
  meta: meta({ interface: 'input', ...o }),
  schema: schema(o),
});

export const boolean = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'boolean',
  meta: meta({ interface: 'boolean', special: ['cast-boolean'], ...o }),
  schema: schema({ default: false, ...o }),
});

export const date = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'date',
  meta: meta({ interface: 'datetime', ...o }),
  schema: schema(o),
});

export const timestamp = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'timestamp',
  meta: meta({ interface: 'datetime', ...o }),
  schema: schema(o),
});

export const json = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'json',
  meta: meta({ interface: 'tags', special: ['cast-json'], ...o }),
  schema: schema(o),
});

/** A string limited to fixed values; the backend rules refuse anything else. */
export const choice = (field: string, values: readonly string[], o: Opts = {}): FieldDef => ({
  field,
  type: 'string',
  meta: meta({
    interface: 'select-dropdown',
    options: { choices: values.map((value) => ({ text: value, value })) },
    ...o,
  }),
  schema: schema(o, { max_length: o.max ?? 32 }),
});

export const dateCreated = (): FieldDef => ({
  field: 'date_created',
  type: 'timestamp',
  meta: { special: ['date-created', 'cast-timestamp'], interface: 'datetime', readonly: true, hidden: true, width: 'half' },
  schema: { is_indexed: true },
});

/** Last change; `fromCreation` also stamps a new row, so a list sorted by it shows rows never edited too. */
export const dateUpdated = (o: { fromCreation?: boolean } = {}): FieldDef => ({
  field: 'date_updated',
  type: 'timestamp',
  meta: {
    special: [...(o.fromCreation ? ['date-created'] : []), 'date-updated', 'cast-timestamp'],
    interface: 'datetime', readonly: true, hidden: true, width: 'half',
  },
  schema: {},
});

/** Author: Directus fills it from the token on create and ignores what a request sends. */
export const userCreated = (collection: string): [FieldDef, RelationDef] => [
  {
    field: 'user_created',
    type: 'uuid',
    meta: { special: ['user-created'], interface: 'select-dropdown-m2o', readonly: true, hidden: true, width: 'half' },
    schema: { is_indexed: true },
  },
  relation(collection, 'user_created', 'directus_users', 'CASCADE'),
];

export function relation(
  collection: string,
  field: string,
  related: string | null,
  onDelete: 'SET NULL' | 'CASCADE' | 'NO ACTION' = 'SET NULL',
  extraMeta: Record<string, unknown> = {},
): RelationDef {
  return {
    collection,
    field,
    related_collection: related,
    meta: { one_field: null, sort_field: null, one_deselect_action: 'nullify', junction_field: null, ...extraMeta },
    schema: { on_delete: onDelete },
  };
}

/** Many-to-one: an indexed foreign key plus its relation. */
export function m2o(
  collection: string,
  field: string,
  related: string,
  o: Opts & {
    keyType?: 'integer' | 'uuid';
    onDelete?: 'SET NULL' | 'CASCADE';
    oneField?: string;
    /** The row lives on its parent's list alone (by default when the key is required): taken off the list, it is deleted, not left without a parent. */
    owned?: boolean;
    /** The row's field the parent's list is ordered by, dragged in the admin app. */
    sortField?: string;
  } = {},
): [FieldDef, RelationDef] {
  const isFile = related === 'directus_files';
  const isUser = related === 'directus_users';
  const keyType = o.keyType ?? (isFile || isUser ? 'uuid' : 'integer');
  return [
    {
      field,
      type: keyType,
      meta: meta(
        { interface: isFile ? 'file' : 'select-dropdown-m2o', ...o },
        { special: [isFile ? 'file' : 'm2o'] },
      ),
      schema: schema({ indexed: true, ...o }),
    },
    relation(collection, field, related, o.onDelete ?? (o.required ? 'CASCADE' : 'SET NULL'), {
      one_field: o.oneField ?? null,
      sort_field: o.sortField ?? null,
      one_deselect_action: o.owned ?? o.required ? 'delete' : 'nullify',
    }),
  ];
}

/** One-to-many alias on the parent; the relation itself is declared by the child's m2o. */
export const o2m = (field: string, o: Opts = {}): FieldDef => ({
  field,
  type: 'alias',
  meta: meta({ interface: 'list-o2m', ...o }, { special: ['o2m'] }),
  schema: null,
});

/**
 * Many-to-many through a hidden junction named by Directus's convention:
 * entries carry `{left}_id` and `{right}_id` (e.g. `genres_id`, `directus_files_id`).
 */
export function m2m(
  left: string,
  field: string,
  right: string,
  junction: string,
  o: Opts & { rightKey?: string; leftKeyType?: 'integer' | 'uuid'; rightKeyType?: 'integer' | 'uuid' } = {},
): { alias: FieldDef; junction: CollectionDef } {
  const leftKey = `${left}_id`;
  const rightKey = o.rightKey ?? `${right}_id`;
  const isFiles = right === 'directus_files';
  const rightKeyType = o.rightKeyType ?? (isFiles || right === 'directus_users' ? 'uuid' : 'integer');
  return {
    alias: {
      field,
      type: 'alias',
      meta: meta({ interface: isFiles ? 'files' : 'list-m2m', ...o }, { special: [isFiles ? 'files' : 'm2m'] }),
      schema: null,
    },
    junction: {
      collection: junction,
      meta: { hidden: true, icon: 'import_export' },
      fields: [
        integerKey(),
        { field: leftKey, type: o.leftKeyType ?? 'integer', meta: { hidden: true }, schema: { is_indexed: true } },
        { field: rightKey, type: rightKeyType, meta: { hidden: true }, schema: { is_indexed: true } },
        { field: 'sort', type: 'integer', meta: { hidden: true }, schema: {} },
      ],
      relations: [
        relation(junction, rightKey, right, 'CASCADE', { junction_field: leftKey }),
        relation(junction, leftKey, left, 'CASCADE', { one_field: field, junction_field: rightKey, sort_field: 'sort', one_deselect_action: 'delete' }),
      ],
    },
  };
}
