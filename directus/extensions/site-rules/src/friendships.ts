/**
 * Friend requests: a person asks as themselves, never themselves, someone who exists, once per
 * pair whichever way; the request starts pending and only its addressee accepts it; either of the
 * two ends it (declines, cancels, removes) by deleting the row. New requests keep a pace per person.
 */
import { ForbiddenError } from '@directus/errors';
import { FRIENDSHIP_STATUSES } from '../../../../shared/rules.ts';
import { isPrivileged } from '../../shared/accountability.ts';
import { invalid } from '../../shared/errors.ts';
import { uuidKeyOf } from '../../shared/keys.ts';
import type { Pace } from '../../shared/pace.ts';
import { FRIEND_MESSAGES as SAY, existingRefusal, pairKey } from './friendship-rules.ts';
import type { Knex } from 'knex';
import type { Register } from './types.ts';

const refuse = (reason: string): never => {
  throw new ForbiddenError({ reason });
};

function statusOf(value: unknown): string {
  return typeof value === 'string' && (FRIENDSHIP_STATUSES as readonly string[]).includes(value) ? value : invalid('Статус — pending или accepted');
}

async function isActivePerson(database: Knex, id: string): Promise<boolean> {
  return !!(await database('directus_users').where({ id, status: 'active' }).first('id'));
}

/** The rows named by an update or a delete, each as stored (missing ones simply absent). */
function rowsOf(database: Knex, keys: readonly (string | number)[]): Promise<{ id: number; requester: string; addressee: string; status: string }[]> {
  return database('friendships').whereIn('id', keys.map(Number).filter(Number.isSafeInteger)).select('id', 'requester', 'addressee', 'status');
}

export function registerFriendshipRules({ filter }: Register, paces: { request: Pace }): void {
  filter('friendships.items.create', async (payload, _meta, { database, accountability }) => {
    const privileged = isPrivileged(accountability);
    const me = privileged ? uuidKeyOf(payload.requester) : accountability?.user ?? null;
    if (!me) return privileged ? invalid('Не указано, кто отправил заявку') : refuse(SAY.onlyAsYourself);
    if (!privileged) {
      if (payload.requester !== undefined && uuidKeyOf(payload.requester) !== me.toLowerCase()) refuse(SAY.onlyAsYourself);
      if (payload.status !== undefined && statusOf(payload.status) !== 'pending') refuse(SAY.startsPending);
    }
    const addressee = uuidKeyOf(payload.addressee);
    if (!addressee) invalid(SAY.noAddressee);
    if (addressee === me.toLowerCase()) invalid(SAY.yourself);
    if (!(await isActivePerson(database, addressee))) invalid(SAY.notFound);
    const pair = pairKey(me, addressee);
    const refusal = existingRefusal(await database('friendships').where({ pair }).first('requester', 'status'), me);
    if (refusal) invalid(refusal);
    if (!privileged) await paces.request.take(me);
    const status = privileged && payload.status !== undefined ? statusOf(payload.status) : 'pending';
    return { ...payload, requester: me, addressee, status, pair };
  });

  filter('friendships.items.update', async (payload, meta, { database, accountability }) => {
    if (['requester', 'addressee', 'pair'].some((field) => field in payload)) invalid(SAY.peopleStay);
    if (!('status' in payload)) return payload;
    const status = statusOf(payload.status);
    if (isPrivileged(accountability)) return { ...payload, status };
    const me = accountability?.user;
    if (!me) refuse(SAY.onlyAddresseeAccepts);
    if (Object.keys(payload).length !== 1 || status !== 'accepted') invalid(SAY.onlyAccept);
    const keys = meta.keys ?? [];
    // A pending request between two others is answered as a missing one: a refusal would tell it is there.
    const rows = (await rowsOf(database, keys)).filter((r) => r.status === 'accepted' || r.requester === me || r.addressee === me);
    if (rows.length !== keys.length) invalid(SAY.gone);
    for (const row of rows) {
      if (row.addressee !== me) refuse(SAY.onlyAddresseeAccepts);
      if (row.status === 'accepted') invalid(SAY.alreadyFriends);
    }
    return { status };
  });

  filter('friendships.items.delete', async (keys, _meta, { database, accountability }) => {
    if (isPrivileged(accountability)) return keys;
    const me = accountability?.user;
    const named = Array.isArray(keys) ? keys : [];
    const rows = me ? await rowsOf(database, named) : [];
    if (!me || rows.length !== named.length || rows.some((r) => r.requester !== me && r.addressee !== me)) refuse(SAY.notYours);
    return keys;
  });
}
