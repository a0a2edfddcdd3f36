/**
 * Field lists of what only signed-in people (and the build) read: where they stopped watching,
 * the 'Продолжить просмотр' row and alerts. Apart from fields.ts, which visitors' islands share:
 * a module travels whole into the chunk of every page that imports any of it.
 */
import type { QueryDeep } from '@directus/sdk';
import { SERIES_FETCH_LIMIT } from '../constants.ts';
import { PLAYER_FIELDS, TITLE_CARD_FIELDS } from './fields.ts';
import type { Schema, Title } from './schema.ts';

/** Every episode of a title, in the player's order (`deep` of a read naming the series). */
export const EPISODES_DEEP: QueryDeep<Schema, Title> = {
  series: { _limit: SERIES_FETCH_LIMIT, _sort: ['sort', 'id'] },
  iframeSeasons: { _limit: -1, _sort: ['sort', 'id'] },
};

/** Where the signed-in person stopped in one title, with its episodes to say where that is (the banner's «Продолжить: серия 2»). */
export const PROGRESS_FIELDS = ['episode', 'position', 'duration', { title: ['id', ...PLAYER_FIELDS] }] as const;

/** A title of the 'Продолжить просмотр' row: its card, and its episodes to say where to go on. */
export const CONTINUE_FIELDS = [
  'id', 'episode', 'position', 'duration',
  { title: [...TITLE_CARD_FIELDS, ...PLAYER_FIELDS] },
] as const;

/** A new-episode alert: the title and the episode it is about. */
export const ALERT_FIELDS = ['id', 'read', 'date_created', { title: ['id', 'name', 'slug'] }, { episode: ['id', 'name'] }] as const;

/** A plan of the tariff screen. */
export const PLAN_FIELDS = ['id', 'name', 'price', 'currency', 'features'] as const;

/** An invoice of the profile's history, with its plan's name. */
export const INVOICE_FIELDS = [
  'id', 'status', 'amount', 'currency', 'payUrl', 'expiresAt', 'periodEnd', 'paidAt', 'date_created', { plan: ['id', 'name'] },
] as const;

/** A reminder that the plan ends or has ended. */
export const PLAN_NOTICE_FIELDS = ['id', 'kind', 'daysLeft', 'paidUntil', 'read', 'date_created', { plan: ['id', 'name'] }] as const;
