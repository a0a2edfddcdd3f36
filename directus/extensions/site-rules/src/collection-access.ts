/**
 * What a caller may read, collection by collection, from the read permissions Directus resolved for
 * them: whether some rule shows them every row, and which fields they see on every row they can
 * see. A field granted by a narrower rule (a person's own email) is not one of those.
 */
import type { Permission } from '../../shared/directus-internals.ts';

export interface CollectionAccess {
  /** A read rule without a row condition: every row is visible. */
  allRows: boolean;
  /** True when the field is readable on every row the caller may read. */
  onEveryRow(field: string): boolean;
}

export type ReadAccess = Map<string, CollectionAccess>;

const isEmpty = (filter: Record<string, unknown> | null) => !filter || Object.keys(filter).length === 0;
const grants = (p: Permission, field: string) => !!p.fields && (p.fields.includes('*') || p.fields.includes(field));

export function accessFrom(permissions: Permission[]): ReadAccess {
  const byCollection = new Map<string, Permission[]>();
  for (const p of permissions) byCollection.set(p.collection, [...(byCollection.get(p.collection) ?? []), p]);
  return new Map([...byCollection].map(([collection, rules]) => {
    const open = rules.filter((p) => isEmpty(p.permissions));
    return [collection, {
      allRows: open.length > 0,
      onEveryRow: (field: string) => open.some((p) => grants(p, field)) || rules.every((p) => grants(p, field)),
    }];
  }));
}
