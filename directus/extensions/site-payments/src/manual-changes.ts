/**
 * Editors grant or revoke a plan by hand in the admin app by adding a row to 'Изменения
 * подписок' (planChanges): the person, grant or revoke, for a grant the plan and the days, and a
 * reason, which is kept. The change is applied inside the same transaction as the row, the
 * before and after are filled in by the backend, and the row can be neither changed nor deleted.
 */
import type { Knex } from 'knex';
import { MANUAL_PLAN_CHANGES } from '../../../../shared/rules.ts';
import { PLANS } from '../../../../shared/plans.ts';
import { afterPurchase } from '../../../../shared/subscription.ts';
import { invalid } from '../../shared/errors.ts';
import { changePlan, UnknownPerson } from './plan-change.ts';

export const REASON_MAX = 500;
export const GRANT_MAX_DAYS = 366;

type Payload = Record<string, unknown>;

const keyOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;

export async function applyManualChange(payload: Payload, trx: Knex): Promise<Payload> {
  const kind = payload.kind;
  if (typeof kind !== 'string' || !(MANUAL_PLAN_CHANGES as readonly string[]).includes(kind)) invalid('Вручную можно только выдать или забрать подписку');
  const reason = typeof payload.reason === 'string' ? payload.reason.trim() : '';
  if (!reason) invalid('Укажите причину');
  if (reason.length > REASON_MAX) invalid(`Причина — не длиннее ${REASON_MAX} символов`);
  const user = keyOf(payload.user);
  if (!user) invalid('Укажите пользователя');
  const now = new Date();
  let plan: number | null = null;
  let days: number | null = null;
  if (kind === 'grant') {
    plan = PLANS.find((p) => p.id === Number(keyOf(payload.plan) ?? payload.plan))?.id ?? null;
    if (plan === null) invalid('Укажите тариф');
    days = Number(payload.days);
    if (!Number.isInteger(days) || days < 1 || days > GRANT_MAX_DAYS) invalid(`Дней — целое число от 1 до ${GRANT_MAX_DAYS}`);
  }
  try {
    const change = await changePlan(trx, user, (state) => (kind === 'grant' ? afterPurchase(state, plan!, now, days!) : { plan: null, paidUntil: now }));
    return { kind, plan, days, reason, invoice: null, ...change };
  } catch (err) {
    if (err instanceof UnknownPerson) invalid('Такого пользователя нет');
    throw err;
  }
}
