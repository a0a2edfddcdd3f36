/**
 * A write's plain values held to the data model's declarations (directus/schema/collections.ts): text
 * as text within its length, a choice among its values, numbers as numbers in their column's range, a
 * flag as true or false. SQLite keeps whatever it is sent (an object as a title's name, a status
 * outside the list, which hid the title), and PostgreSQL answers a length past its column with an error.
 * Rules of a collection's own speak first; admins are trusted with the API as with the app.
 */
import { invalid } from '../../shared/errors.ts';
import type { FieldDef } from '../../../schema/define.ts';
import { COLLECTIONS } from '../../../schema/collections.ts';
import { fieldName } from '../../../schema/labels.ts';
import type { EventContext } from '../../shared/directus.ts';
import type { Payload, Register } from './types.ts';

const INT_RANGE = [-2_147_483_648, 2_147_483_647] as const;

/** A whole number sent as a number or as its digits, as Directus takes one. */
const wholeNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  return typeof value === 'string' && /^-?\d{1,16}$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : null;
};

const finiteNumber = (value: unknown): boolean =>
  typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));

const choicesOf = (def: FieldDef): string[] | null => {
  const choices = (def.meta.options as { choices?: { value: string }[] } | undefined)?.choices;
  return choices ? choices.map((c) => c.value) : null;
};

/** What is wrong with `value` for the field `def` of `collection`, in an editor's words, or null. Null and absence are the required check's. */
export function declaredValueProblem(collection: string, def: FieldDef, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const field = `Поле «${fieldName(collection, def.field)}»`;
  switch (def.type) {
    case 'string': {
      const choices = choicesOf(def);
      if (choices) return typeof value === 'string' && choices.includes(value) ? null : `${field}: одно из значений ${choices.join(', ')}`;
      if (typeof value !== 'string') return `${field}: значение должно быть текстом`;
      const max = Number(def.schema?.['max_length'] ?? Infinity);
      return value.length > max ? `${field}: не больше ${max} символов` : null;
    }
    case 'text':
      return typeof value === 'string' ? null : `${field}: значение должно быть текстом`;
    case 'integer': {
      const n = wholeNumber(value);
      return n !== null && n >= INT_RANGE[0] && n <= INT_RANGE[1] ? null : `${field}: целое число от ${INT_RANGE[0]} до ${INT_RANGE[1]}`;
    }
    case 'bigInteger':
      return wholeNumber(value) !== null ? null : `${field}: целое число`;
    case 'float':
    case 'decimal':
      return finiteNumber(value) ? null : `${field}: значение должно быть числом`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${field}: значение должно быть true или false`;
    default:
      return null;
  }
}

/** Each collection's plain fields by name: those a value is written to (keys, lists and relations are Directus's). */
const PLAIN_FIELDS = new Map(COLLECTIONS.map((c) => [
  c.collection,
  new Map(c.fields.filter((f) => f.type !== 'alias' && !c.relations.some((r) => r.field === f.field)).map((f) => [f.field, f])),
]));

export function registerDeclaredValues({ filter }: Register): void {
  for (const [collection, fields] of PLAIN_FIELDS) {
    const check = (payload: Payload, _meta: unknown, { accountability }: EventContext): Payload => {
      if (!accountability || accountability.admin) return payload;
      for (const [name, value] of Object.entries(payload)) {
        const def = fields.get(name);
        const problem = def && declaredValueProblem(collection, def, value);
        if (problem) invalid(problem);
      }
      return payload;
    };
    filter(`${collection}.items.create`, check);
    filter(`${collection}.items.update`, check);
  }
}
