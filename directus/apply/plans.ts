/**
 * The two plans (ids 1 and 2, 399 and 699 RUB a month) are part of the backend, not
 * demo content: payments name them by id. Missing ones are created; existing rows are left as
 * an administrator may have worded them.
 */
import { PLANS, SUBSCRIPTION_DAYS } from '../../shared/plans.ts';
import { AdminApi } from './admin-api.ts';

export async function applyPlans(api: AdminApi): Promise<void> {
  const have = new Set((await api.get<{ id: number }[]>('/items/plans?fields=id&limit=-1')).map((p) => Number(p.id)));
  for (const plan of PLANS) {
    if (have.has(plan.id)) continue;
    await api.post('/items/plans', { ...plan, features: [...plan.features], durationDays: SUBSCRIPTION_DAYS });
  }
}
