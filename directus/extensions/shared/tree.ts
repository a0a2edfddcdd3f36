/** A plain object of a request (a filter, a query, a body), as the rules walk them. */
export type Tree = Record<string, unknown>;

export const isTree = (v: unknown): v is Tree => !!v && typeof v === 'object' && !Array.isArray(v);
