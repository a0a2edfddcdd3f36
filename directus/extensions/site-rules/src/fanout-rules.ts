/**
 * The fan-outs' decisions (message-fanout.ts): who gets an event at all, who reads it alone, and
 * which subscribers share one read.
 */
import type { Accountability } from '../../shared/directus.ts';
import type { Subscription, WebSocketEvent } from '../../shared/directus-internals.ts';
import type { DeletedRow } from '../../../../shared/deleted-rows.ts';

export type { DeletedRow };

/** The reader of a shared read: no user has this id. */
export const NOBODY = '00000000-0000-4000-8000-000000000000';

/**
 * Directus's own deletion events are never announced: they name every deleted row to every
 * subscriber. A deletion reaches subscribers as DELETION_NEWS instead, naming only rows a visitor
 * could read just before they went.
 */
export const announces = (event: WebSocketEvent): boolean => event.action !== 'delete';

/** The bus channel of deletions told (review-deletions.ts): every instance's fan-out hears them. */
export const DELETION_NEWS = 'site.deleted';

export interface DeletionNews { collection: string; rows: DeletedRow[] }

/** The told rows a subscription hears of: none unless it hears deletions; of a one-row subscription, that row alone. */
export const deletedFor = (subscription: Pick<Subscription, 'event' | 'item'>, rows: DeletedRow[]): DeletedRow[] =>
  rows.filter((row) => hears(subscription, { collection: '', action: 'delete', keys: [row.id], payload: null }));

/** The rows an event names. */
export const eventKeys = (event: WebSocketEvent): (string | number)[] => ('keys' in event ? event.keys : [event.key]);

/** A subscription to one kind of event hears only that kind; one to an item, only events on that row. */
export const hears = (subscription: Pick<Subscription, 'event' | 'item'>, event: WebSocketEvent): boolean =>
  (subscription.event === undefined || subscription.event === event.action) &&
  (subscription.item === undefined || eventKeys(event).some((key) => String(key) === subscription.item));

/** What makes two subscriptions' reads the same: their query, and the one row they name (read alone). */
export const readKey = (subscription: Pick<Subscription, 'query' | 'item'>): string =>
  JSON.stringify([subscription.query ?? null, subscription.item ?? null]);

/** The same person's roles and address, but nobody in particular. */
export function readerFor(who: Accountability): Accountability {
  return who.user ? { ...who, user: NOBODY } : who;
}

/**
 * The group a person reads with, or null when they read alone: a share, or someone with a policy
 * of their own (their policies differ from those of nobody in particular with their roles).
 */
export function readingGroup(who: Accountability, ownPolicies: string[], anyonesPolicies: string[]): string | null {
  if (who.share || JSON.stringify(ownPolicies) !== JSON.stringify(anyonesPolicies)) return null;
  return JSON.stringify([who.role, who.roles, who.app, who.admin, ownPolicies]);
}

/** People the changed rows concern read them as themselves: their own rules may show them more. */
export const readsAlone = (who: Accountability, concerned: Set<string>): boolean => !!who.user && concerned.has(who.user);

/** A read that shows this reader none of the changed rows sends them nothing. */
export const seesNone = (result: Record<string, unknown>): boolean => Array.isArray(result.data) && result.data.length === 0;

/** Subscribers of one group asking the same query share one read. */
export const sharedReadKey = (group: string, queryKey: string): string => `${group}\n${queryKey}`;

/** ...and one frame, when their subscriptions also share a name. */
export const sharedFrameKey = (readKey: string, uid: string | undefined): string => `${readKey}\n${uid ?? ''}`;
