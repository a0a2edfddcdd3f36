/**
 * Paid plans in the production configuration: two Directus instances on one PostgreSQL database
 * and Redis, with the local stand-in of the gateway. Webhooks of one invoice reach both instances
 * at the same moment, many times: the plan is granted once, in one transaction, with its record;
 * and the scheduled check runs on one instance per tick.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Knex } from 'knex';
import type { Backend } from '../../../scripts/lib/backend.ts';
import type { RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { startPaymentGateway, type PaymentGateway } from '../../../scripts/lib/payment-gateway.ts';
import { ROLES } from '../../../shared/rules.ts';
import { SUBSCRIPTION_DAYS } from '../../../shared/plans.ts';
import { DAY_MS } from '../../../shared/subscription.ts';
import { holdWebhooks, payerPresses, postWebhook, uuidOf, webhookBody } from '../../support/gateway.ts';
import { newPersonOn, startTwoInstances, type TwoInstances } from '../../support/two-instances.ts';

let world: TwoInstances | undefined;
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let gateway: PaymentGateway | undefined;
let db: Knex | undefined;

beforeAll(async () => {
  const port = await freePort();
  gateway = await startPaymentGateway({ directusUrl: `http://127.0.0.1:${port}`, quiet: true });
  world = await startTwoInstances('pay', { port, env: { ...gateway.env, PLAN_CHECK_CRON: '*/2 * * * * *' } });
  ({ a, b, db } = world);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled([world?.stop(), gateway?.stop()]);
}, 60_000);

const access = () => ({ url: gateway!.standinUrl!, merchant: gateway!.merchant, apiKey: gateway!.apiKey });

const person = () => newPersonOn(a!);

async function buy(who: { token: string; id: string }, base: string, planId = 1): Promise<{ url: string; invoice: string }> {
  const res = await fetch(`${base}/payment/buy`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
    body: JSON.stringify({ userId: who.id, gateway: 'heleket', planId }),
  });
  const body = await res.json() as { data: { url: string; invoice: string } };
  expect(res.status).toBe(200);
  return body.data;
}

describe('payments on two instances of PostgreSQL + Redis', () => {
  it('grants once when the same paid webhook reaches both instances twenty times at once', async () => {
    const buyer = await person();
    const { url, invoice } = await buy(buyer, b!.url);
    await holdWebhooks(access(), true);
    try {
      await payerPresses(url, 'pay');
      const body = webhookBody(gateway!.apiKey, { uuid: uuidOf(url), orderId: invoice, status: 'paid' });
      const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => postWebhook(i % 2 ? a!.url : b!.url, body)));
      expect(statuses).toEqual(Array(20).fill(200));
    } finally {
      await holdWebhooks(access(), false);
    }
    const changes = await db!('planChanges').where({ invoice, kind: 'payment' }).count<{ count: string }[]>({ count: '*' });
    expect(Number(changes[0].count)).toBe(1);
    const row = await db!('directus_users').where({ id: buyer.id }).first('role', 'plan', 'paidUntil');
    expect(row).toMatchObject({ role: ROLES.premium, plan: 1 });
    expect(Math.abs(new Date(row.paidUntil).getTime() - (Date.now() + SUBSCRIPTION_DAYS * DAY_MS))).toBeLessThan(60_000);
    expect((await db!('invoices').where({ id: invoice }).first('status')).status).toBe('paid');
  });

  it('two invoices of one person paid at once both count: the period grows by both', async () => {
    const buyer = await person();
    const first = await buy(buyer, a!.url, 1);
    const second = await buy(buyer, b!.url, 2);
    await holdWebhooks(access(), true);
    try {
      await Promise.all([payerPresses(first.url, 'pay'), payerPresses(second.url, 'pay')]);
      const bodies = [first, second].map((x) => webhookBody(gateway!.apiKey, { uuid: uuidOf(x.url), orderId: x.invoice, status: 'paid' }));
      const statuses = await Promise.all([postWebhook(a!.url, bodies[0]), postWebhook(b!.url, bodies[1]), postWebhook(b!.url, bodies[0]), postWebhook(a!.url, bodies[1])]);
      expect(statuses).toEqual([200, 200, 200, 200]);
    } finally {
      await holdWebhooks(access(), false);
    }
    const rows = await db!('planChanges').where({ user: buyer.id, kind: 'payment' }).select('invoice');
    expect(rows.map((r) => r.invoice).sort()).toEqual([first.invoice, second.invoice].sort());
    // Whichever came first, the second carried the first one's days over.
    const row = await db!('directus_users').where({ id: buyer.id }).first('plan', 'paidUntil');
    expect(new Date(row.paidUntil).getTime()).toBeGreaterThan(Date.now() + (SUBSCRIPTION_DAYS + 15) * DAY_MS);
  });

  it('makes one invoice of buys at once on both instances, and hands it to every one', async () => {
    const buyer = await person();
    const bought = await Promise.all(Array.from({ length: 6 }, (_, i) => buy(buyer, i % 2 ? a!.url : b!.url, 1)));
    expect(new Set(bought.map((x) => x.invoice)).size).toBe(1);
    expect(new Set(bought.map((x) => x.url)).size).toBe(1);
    const rows = await db!('invoices').where({ user: buyer.id }).select('id', 'gatewayId', 'status');
    expect(rows).toEqual([{ id: bought[0]!.invoice, gatewayId: uuidOf(bought[0]!.url), status: 'pending' }]);
  });

  it('ends a plan once, whichever instance ticks', async () => {
    const buyer = await person();
    await a!.api.patch(`/users/${buyer.id}`, { role: ROLES.premium, plan: 1, paidUntil: new Date(Date.now() - 1000).toISOString() });
    await vi.waitFor(async () => {
      const row = await db!('directus_users').where({ id: buyer.id }).first('role');
      if (row.role !== ROLES.user) throw new Error('not ended yet');
    }, { timeout: 20_000, interval: 250 });
    // Two more ticks pass (proved by a second person's plan ending) without a second record.
    const later = await person();
    await a!.api.patch(`/users/${later.id}`, { role: ROLES.premium, plan: 1, paidUntil: new Date(Date.now() - 1000).toISOString() });
    await vi.waitFor(async () => {
      const row = await db!('directus_users').where({ id: later.id }).first('role');
      if (row.role !== ROLES.user) throw new Error('not ended yet');
    }, { timeout: 20_000, interval: 250 });
    const records = await db!('planChanges').where({ user: buyer.id, kind: 'expiry' }).count<{ count: string }[]>({ count: '*' });
    expect(Number(records[0].count)).toBe(1);
    const notices = await db!('planNotices').where({ user: buyer.id }).count<{ count: string }[]>({ count: '*' });
    expect(Number(notices[0].count)).toBe(1);
  });
});
