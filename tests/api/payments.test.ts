/**
 * Paid plans end to end through the API, against the local stand-in of the gateway (a process of
 * its own speaking the Heleket protocol): buying only for oneself, a grant exactly once whatever
 * webhooks come and in whatever order, refunds, underpaid and cancelled invoices, renewals and
 * moving between plans, the invoice's state for its person, and attacks on the webhook.
 */
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { ROLES } from '../../shared/rules.ts';
import { INVOICES_PER_TEN_MINUTES, PLANS, SUBSCRIPTION_DAYS } from '../../shared/plans.ts';
import { DAY_MS, convertTime } from '../../shared/subscription.ts';
import { admin, baseUrl, call, newUser, type TestUser } from '../support/api.ts';
import { adminRead, countRows, expectRefused } from '../support/fixtures.ts';
import { holdWebhooks, payerPresses, postWebhook, postWebhookAnswer, refund, uuidOf, webhookBody } from '../support/gateway.ts';
import { WEBHOOK_SOURCES } from '../support/global-setup.ts';

const gateway = () => inject('gateway');
const PRICE = Object.fromEntries(PLANS.map((p) => [p.id, p.price.toFixed(2)]));

interface Bought { url: string; invoice: string }
interface Invoice { id: string; status: string; orderId: string; gatewayId: string; plan: number; amount: string; payUrl: string | null }

async function buy(who: TestUser, planId = 1): Promise<Bought> {
  const res = await who.call<Bought>('POST', '/payment/buy', { userId: who.id, gateway: 'heleket', planId });
  if (res.status !== 200) throw new Error(`buy → ${res.status} ${JSON.stringify(res.errors)}`);
  return res.data;
}

const invoiceRow = (id: string) => adminRead<Invoice>('invoices', id, 'id,status,orderId,gatewayId,plan,amount,payUrl');
const planOf = (who: TestUser) => adminRead<{ role: string; plan: number | null; paidUntil: string | null }>('directus_users', who.id, 'role,plan,paidUntil');
const grants = (invoice: string) => countRows('planChanges', { invoice: { _eq: invoice }, kind: { _eq: 'payment' } });

async function untilStatus(id: string, status: string): Promise<Invoice> {
  return vi.waitFor(async () => {
    const row = await invoiceRow(id);
    if (row.status !== status) throw new Error(`invoice ${id} is ${row.status}, waiting for ${status}`);
    return row;
  }, { timeout: 20_000, interval: 100 });
}

/** A webhook of the invoice as the gateway would sign it. */
const webhookOf = (row: Invoice, status: string, extra: Record<string, unknown> = {}) =>
  webhookBody(gateway().apiKey, { uuid: row.gatewayId, orderId: row.orderId, status, amount: row.amount, extra });

const near = (iso: string | null, expected: number) => expect(Math.abs(new Date(iso!).getTime() - expected)).toBeLessThan(60_000);

describe('POST /payment/buy', () => {
  let person: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    [person, other] = await Promise.all([newUser(), newUser()]);
  });

  it('answers the gateway page of a new invoice for the caller', async () => {
    const { url, invoice } = await buy(person, 1);
    expect(url.startsWith(`${gateway().url}/pay/`)).toBe(true);
    const row = await adminRead('invoices', invoice, 'user,plan,amount,currency,status,gateway,gatewayId,orderId,days');
    expect(Number(row.amount).toFixed(2)).toBe(PRICE[1]);
    expect(row).toMatchObject({ user: person.id, plan: 1, currency: 'RUB', status: 'pending', gateway: 'heleket', gatewayId: uuidOf(url), orderId: invoice, days: SUBSCRIPTION_DAYS });
  });

  it('hands out the open invoice again instead of making one per call', async () => {
    const first = await buy(person, 2);
    const again = await Promise.all(Array.from({ length: 20 }, () => buy(person, 2)));
    expect(new Set(again.map((b) => b.invoice))).toEqual(new Set([first.invoice]));
    expect(await countRows('invoices', { user: { _eq: person.id }, plan: { _eq: 2 } })).toBe(1);
  });

  it('makes one invoice of three buys at once (two tabs pay once) and hands it to all three', async () => {
    const buyer = await newUser();
    const bought = await Promise.all([1, 2, 3].map(() => buy(buyer, 1)));
    expect(new Set(bought.map((b) => b.invoice)).size).toBe(1);
    expect(new Set(bought.map((b) => b.url)).size).toBe(1);
    expect(await countRows('invoices', { user: { _eq: buyer.id } })).toBe(1);
    expect((await invoiceRow(bought[0]!.invoice)).gatewayId).toBe(uuidOf(bought[0]!.url));
  });

  it('spends the pace of new invoices only on new ones: an invoice handed out again is free, even at the limit', async () => {
    const buyer = await newUser();
    const made: string[] = [];
    const cancel = async (b: Bought) => {
      await payerPresses(b.url, 'cancel');
      await untilStatus(b.invoice, 'expired');
    };
    // Twenty buys at once: one invoice, one of the allowance.
    const raced = await Promise.all(Array.from({ length: 20 }, () => buy(buyer, 1)));
    expect(new Set(raced.map((b) => b.invoice)).size).toBe(1);
    made.push(raced[0]!.invoice);
    let open = raced[0]!;
    while (made.length < INVOICES_PER_TEN_MINUTES) {
      await cancel(open);
      open = await buy(buyer, 1);
      expect(made).not.toContain(open.invoice);
      made.push(open.invoice);
    }
    // The allowance is spent, and the open invoice is still handed out.
    expect((await buy(buyer, 1)).invoice).toBe(open.invoice);
    await cancel(open);
    const refused = await buyer.call('POST', '/payment/buy', { userId: buyer.id, gateway: 'heleket', planId: 1 });
    expectRefused(refused, 429, 'Слишком много счетов подряд');
    expect(await countRows('invoices', { user: { _eq: buyer.id } })).toBe(INVOICES_PER_TEN_MINUTES);
  });

  it('refuses a visitor and someone else\'s userId, storing nothing', async () => {
    const before = await countRows('invoices', {});
    expectRefused(await call('POST', '/payment/buy', { body: { userId: person.id, gateway: 'heleket', planId: 1 } }), 401);
    expectRefused(await other.call('POST', '/payment/buy', { userId: person.id, gateway: 'heleket', planId: 1 }), 403, 'только свою');
    expectRefused(await other.call('POST', '/payment/buy', { userId: [person.id], gateway: 'heleket', planId: 1 }), 403);
    expect(await countRows('invoices', {})).toBe(before);
  });

  it.each([
    ['an unknown gateway', { gateway: 'paypal', planId: 1 }, 'способа оплаты'],
    ['a gateway as an array', { gateway: ['heleket'], planId: 1 }, 'способа оплаты'],
    ['an unknown plan', { gateway: 'heleket', planId: 3 }, 'тарифа'],
    ['a plan as an object', { gateway: 'heleket', planId: { id: 1 } }, 'тарифа'],
    ['a plan with extra text', { gateway: 'heleket', planId: '1 OR 1=1' }, 'тарифа'],
    ['no plan', { gateway: 'heleket' }, 'тарифа'],
  ])('refuses %s with a 400', async (_what, body, reason) => {
    const before = await countRows('invoices', { user: { _eq: other.id } });
    expectRefused(await other.call('POST', '/payment/buy', body), 400, reason);
    expect(await countRows('invoices', { user: { _eq: other.id } })).toBe(before);
  });
});

describe('a purchase through the payer page', () => {
  it('grants plan 1 for 30 days once the gateway says paid, and records it once', async () => {
    const person = await newUser();
    const { url, invoice } = await buy(person, 1);
    const back = await payerPresses(url, 'pay');
    expect(back).toBe(`http://127.0.0.1:4321/profile/tariff?invoice=${invoice}`);
    await untilStatus(invoice, 'paid');
    const plan = await planOf(person);
    expect(plan).toMatchObject({ role: ROLES.premium, plan: 1 });
    near(plan.paidUntil, Date.now() + SUBSCRIPTION_DAYS * DAY_MS);
    expect(await grants(invoice)).toBe(1);
    const row = await adminRead('invoices', invoice, 'periodEnd,paidAt,payerAddress,history');
    expect(row.periodEnd).not.toBeNull();
    expect(row.payerAddress).toMatch(/^T[0-9a-f]+$/);
    expect(row.history.map((h: { status: string }) => h.status)).toEqual(['created', 'check', 'paid']);
  });

  it('grants nothing for a cancelled invoice', async () => {
    const person = await newUser();
    const { url, invoice } = await buy(person, 2);
    await payerPresses(url, 'cancel');
    await untilStatus(invoice, 'expired');
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
    expect(await grants(invoice)).toBe(0);
  });

  it('shows an underpaid invoice with the sum due and a way to finish, and grants once it is topped up', async () => {
    const person = await newUser();
    const { url, invoice } = await buy(person, 1);
    await payerPresses(url, 'partial');
    await untilStatus(invoice, 'underpaid');
    const seen = await person.call('GET', `/payment/invoices/${invoice}`);
    expect(seen.data).toMatchObject({ status: 'underpaid', due: { amount: '199.50', currency: 'RUB' }, paidAmount: '199.50', payUrl: url });
    expect((await planOf(person)).plan).toBeNull();
    await payerPresses(url, 'pay');
    await untilStatus(invoice, 'paid');
    expect(await planOf(person)).toMatchObject({ role: ROLES.premium, plan: 1 });
    const done = await person.call('GET', `/payment/invoices/${invoice}`);
    expect(done.data).toMatchObject({ status: 'paid', due: null, payUrl: null });
  });

  it('takes the grant back on refund_paid', async () => {
    const person = await newUser();
    const { url, invoice } = await buy(person, 2);
    await payerPresses(url, 'pay');
    await untilStatus(invoice, 'paid');
    expect((await planOf(person)).role).toBe(ROLES.premiumPlus);
    await refund(gateway(), uuidOf(url));
    await untilStatus(invoice, 'refunded');
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
    expect(await countRows('planChanges', { invoice: { _eq: invoice }, kind: { _eq: 'refund' } })).toBe(1);
  });
});

describe('the return page asks the backend, which asks the gateway', () => {
  it('sees a payment whose webhook has not come, and grants it', async () => {
    const person = await newUser();
    const { url, invoice } = await buy(person, 1);
    await holdWebhooks(gateway(), true);
    try {
      await payerPresses(url, 'pay');
      const seen = await vi.waitFor(async () => {
        const res = await person.call('GET', `/payment/invoices/${invoice}`);
        if (res.data.status !== 'paid') throw new Error(res.data.status);
        return res.data;
      }, { timeout: 15_000, interval: 500 });
      expect(seen.periodEnd).not.toBeNull();
      expect((await planOf(person)).role).toBe(ROLES.premium);
    } finally {
      await holdWebhooks(gateway(), false);
    }
    expect(await grants(invoice)).toBe(1);
  });

  it('shows an invoice to its person alone', async () => {
    const [person, stranger] = await Promise.all([newUser(), newUser()]);
    const { invoice } = await buy(person, 1);
    expectRefused(await stranger.call('GET', `/payment/invoices/${invoice}`), 404);
    expectRefused(await call('GET', `/payment/invoices/${invoice}`), 401);
    expectRefused(await person.call('GET', '/payment/invoices/not-an-id'), 404);
    expect((await stranger.call('GET', `/items/invoices?filter[id][_eq]=${invoice}`)).data).toEqual([]);
    expectRefused(await stranger.call('GET', `/items/invoices/${invoice}`), 403);
  });

  it('lets nobody write invoices or plans through the API', async () => {
    const person = await newUser();
    const { invoice } = await buy(person, 1);
    expectRefused(await person.call('PATCH', `/items/invoices/${invoice}`, { status: 'paid' }), 403);
    expectRefused(await person.call('POST', '/items/invoices', { user: person.id, plan: 1, amount: 1, currency: 'RUB', status: 'paid' }), 403);
    expectRefused(await person.call('PATCH', '/users/me', { role: ROLES.premiumPlus }), 403);
    expectRefused(await person.call('PATCH', '/users/me', { plan: 2, paidUntil: '2099-01-01T00:00:00Z' }), 403);
    expectRefused(await person.call('POST', '/items/planChanges', { user: person.id, kind: 'grant', plan: 2, days: 30, reason: 'сам себе' }), 403);
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
  });
});

describe('webhooks', () => {
  let person: TestUser;
  let row: Invoice;
  beforeAll(async () => {
    person = await newUser();
    const { invoice } = await buy(person, 1);
    row = await invoiceRow(invoice);
  });

  const unchanged = async () => {
    expect((await invoiceRow(row.id)).status).toBe('pending');
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
  };

  it('refuse a wrong, missing or forged sign and a body changed after signing', async () => {
    const good = webhookOf(row, 'paid');
    const forged = webhookBody('not-the-merchant-key', { uuid: row.gatewayId, orderId: row.orderId, status: 'paid' });
    expect(await postWebhook(baseUrl(), forged)).toBe(401);
    expect(await postWebhook(baseUrl(), good.replace(/,"sign":"[0-9a-f]+"/, ''))).toBe(401);
    expect(await postWebhook(baseUrl(), good.replace(/"sign":"[0-9a-f]+"/, '"sign":""'))).toBe(401);
    expect(await postWebhook(baseUrl(), good.replace(/"sign":"[0-9a-f]+"/, '"sign":["x"]'))).toBe(401);
    expect(await postWebhook(baseUrl(), good.replace('"status":"paid"', '"status":"paid" '))).toBe(401);
    // Whatever the content type, the bytes are checked as they came.
    expect(await postWebhook(baseUrl(), webhookOf(row, 'check'), 'text/plain')).toBe(200);
    await unchanged();
  });

  it('answer the check of the gateway, not the webhook: a signed "paid" for an invoice still unpaid grants nothing', async () => {
    expect(await postWebhook(baseUrl(), webhookOf(row, 'paid'))).toBe(503);
    await unchanged();
  });

  it('refuse an unknown order and another person\'s order', async () => {
    const stranger = await newUser();
    const theirs = await invoiceRow((await buy(stranger, 2)).invoice);
    expect(await postWebhook(baseUrl(), webhookOf({ ...row, orderId: 'unknown-order-1' }, 'paid'))).toBe(404);
    expect(await postWebhook(baseUrl(), webhookOf({ ...row, orderId: theirs.orderId }, 'paid'))).toBe(400);
    expect(await postWebhook(baseUrl(), webhookOf({ ...row, gatewayId: theirs.gatewayId }, 'paid'))).toBe(400);
    await unchanged();
    expect((await invoiceRow(theirs.id)).status).toBe('pending');
  });

  it('are taken only from the addresses PAYMENT_WEBHOOK_IPS lists, as Directus derives the sender\'s', async () => {
    const forged = webhookBody('not-the-merchant-key', { uuid: row.gatewayId, orderId: row.orderId, status: 'paid' });
    for (const body of [webhookOf(row, 'paid'), forged]) {
      expect(await postWebhookAnswer(baseUrl(), body, 'application/json', WEBHOOK_SOURCES.outside))
        .toEqual({ status: 403, message: 'Уведомления о платежах принимаются только с адресов платёжного шлюза' });
    }
    // From a listed address the webhook is checked as always: the forged one fails its signature.
    expect(await postWebhook(baseUrl(), forged, 'application/json', WEBHOOK_SOURCES.inside)).toBe(401);
    expect(await postWebhook(baseUrl(), webhookOf(row, 'check'), 'application/json', WEBHOOK_SOURCES.inside)).toBe(200);
    await unchanged();
  });

  it('refuse what is not a JSON object, without a 500', async () => {
    for (const body of ['', 'null', '[]', '{"sign":', '\u00ff\u00fe', '{"a":1}']) {
      const status = await postWebhook(baseUrl(), body);
      expect([400, 401], body).toContain(status);
    }
    await unchanged();
  });
});

describe('out of order, twice, at once, on replay: granted once', () => {
  /** An invoice paid at the gateway whose own webhooks are held back, so the test sends them in its order. */
  async function paidQuietly(who: TestUser, planId = 1): Promise<Invoice> {
    const { url, invoice } = await buy(who, planId);
    await holdWebhooks(gateway(), true);
    await payerPresses(url, 'pay');
    return invoiceRow(invoice);
  }

  it('paid before check, paid twice, cancel after paid', async () => {
    const person = await newUser();
    const row = await paidQuietly(person);
    try {
      expect(await postWebhook(baseUrl(), webhookOf(row, 'paid'))).toBe(200);
      const first = await planOf(person);
      expect(first).toMatchObject({ role: ROLES.premium, plan: 1 });
      for (const status of ['check', 'paid', 'cancel', 'paid_over', 'wrong_amount_waiting']) {
        expect(await postWebhook(baseUrl(), webhookOf(row, status)), status).toBe(200);
      }
      expect(await planOf(person)).toEqual(first);
      expect((await invoiceRow(row.id)).status).toBe('paid');
    } finally {
      await holdWebhooks(gateway(), false);
    }
    expect(await grants(row.id)).toBe(1);
  });

  it('ten webhooks of one invoice at the same moment', async () => {
    const person = await newUser();
    const row = await paidQuietly(person);
    try {
      const statuses = await Promise.all(Array.from({ length: 10 }, () => postWebhook(baseUrl(), webhookOf(row, 'paid'))));
      expect(statuses).toEqual(Array(10).fill(200));
    } finally {
      await holdWebhooks(gateway(), false);
    }
    expect(await grants(row.id)).toBe(1);
    near((await planOf(person)).paidUntil, Date.now() + SUBSCRIPTION_DAYS * DAY_MS);
  });

  it('a replayed webhook after a refund changes nothing', async () => {
    const person = await newUser();
    const row = await paidQuietly(person);
    const paid = webhookOf(row, 'paid');
    try {
      expect(await postWebhook(baseUrl(), paid)).toBe(200);
      await refund(gateway(), row.gatewayId);
      expect(await postWebhook(baseUrl(), webhookOf(row, 'refund_paid'))).toBe(200);
      expect(await postWebhook(baseUrl(), paid)).toBe(200);
    } finally {
      await holdWebhooks(gateway(), false);
    }
    expect((await invoiceRow(row.id)).status).toBe('refunded');
    expect(await planOf(person)).toMatchObject({ role: ROLES.user, plan: null });
    expect(await grants(row.id)).toBe(1);
  });
});

describe('periods', () => {
  async function pay(who: TestUser, planId: number): Promise<void> {
    const { url, invoice } = await buy(who, planId);
    await payerPresses(url, 'pay');
    await untilStatus(invoice, 'paid');
  }

  it('a renewal extends from the day the plan is paid until', async () => {
    const person = await newUser();
    await pay(person, 1);
    const first = new Date((await planOf(person)).paidUntil!).getTime();
    await pay(person, 1);
    expect(new Date((await planOf(person)).paidUntil!).getTime()).toBe(first + SUBSCRIPTION_DAYS * DAY_MS);
  });

  it('a renewal after the end counts from now', async () => {
    const person = await newUser();
    await (await admin()).patch(`/users/${person.id}`, { role: ROLES.premium, plan: 1, paidUntil: new Date(Date.now() - 3 * DAY_MS).toISOString() });
    await pay(person, 1);
    near((await planOf(person)).paidUntil, Date.now() + SUBSCRIPTION_DAYS * DAY_MS);
  });

  it('moving from plan 1 to plan 2 keeps the time left, converted at the ratio of the prices', async () => {
    const person = await newUser();
    const left = 20 * DAY_MS;
    await (await admin()).patch(`/users/${person.id}`, { role: ROLES.premium, plan: 1, paidUntil: new Date(Date.now() + left).toISOString() });
    await pay(person, 2);
    const after = await planOf(person);
    expect(after).toMatchObject({ role: ROLES.premiumPlus, plan: 2 });
    near(after.paidUntil, Date.now() + convertTime(left, 1, 2) + SUBSCRIPTION_DAYS * DAY_MS);
  });
});
