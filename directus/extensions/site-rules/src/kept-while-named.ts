/**
 * A row other rows name is not deleted while they do: the database would take them with it, or unlink
 * it from all of them at once, behind Directus's generic warning. Each rule names where its rows are
 * named and what the refusal says, with the count of rows naming them; of a batch, the refusal names
 * the rows that are kept, so an editor who chose 2,500 knows which.
 */
import { numberKeyOf } from '../../shared/keys.ts';
import { invalid } from '../../shared/errors.ts';
import type { Register } from './types.ts';

export interface KeptWhileNamed {
  collection: string;
  /** Each table and its column naming a row of `collection`. */
  namedIn: readonly (readonly [table: string, column: string])[];
  refusal: (rows: number) => string;
  /** An administrator (or Directus itself) deletes anyway, after Directus's own warning. */
  adminMay: boolean;
}

export function keepWhileNamed({ filter }: Register, rule: KeptWhileNamed): void {
  filter(`${rule.collection}.items.delete`, async (keys: unknown, _meta, { database, accountability }) => {
    if (rule.adminMay && (!accountability || accountability.admin)) return keys;
    const ids = (Array.isArray(keys) ? keys : []).map(numberKeyOf).filter((k): k is number => k !== null);
    if (!ids.length) return keys;
    const counts = await Promise.all(rule.namedIn.map(([table, column]) =>
      database(table).whereIn(column, ids).groupBy(column).select({ key: column }).count<{ key: unknown; n: unknown }[]>({ n: '*' })));
    const rows = counts.flat().reduce((sum, row) => sum + Number(row.n), 0);
    if (rows === 0) return keys;
    if (ids.length === 1) invalid(rule.refusal(rows));
    const named = [...new Set(counts.flat().map((row) => Number(row.key)))].sort((a, b) => a - b);
    const names: { name: unknown }[] = await database(rule.collection).whereIn('id', named.slice(0, NAMES_SHOWN)).orderBy('id').select('name');
    const more = named.length - names.length;
    invalid(`Среди выбранных: ${names.map((r) => `«${String(r.name ?? '')}»`).join(', ')}${more > 0 ? ` и ещё ${more}` : ''}. ${rule.refusal(rows)}`);
  });
}

/** Kept rows a batch's refusal names: the rest are counted. */
const NAMES_SHOWN = 3;
